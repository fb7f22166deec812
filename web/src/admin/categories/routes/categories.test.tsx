import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { Category } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const id = (letter: string) => letter.repeat(24);
const FAUCETS = id('a');
const HEATING = id('c');
const TOOLS = id('e');
const BASIN = id('b');
const KITCHEN = id('d');

const start: Category[] = [
  {
    _id: FAUCETS,
    title: 'Faucets',
    version: 1,
    subCategories: [
      { _id: BASIN, title: 'Basin Taps', version: 1 },
      { _id: KITCHEN, title: 'Kitchen Taps', version: 1 },
    ],
    maxDiscountPercentage: 50,
  },
  { _id: HEATING, title: 'Heating', version: 1, subCategories: [], maxDiscountPercentage: 0 },
  { _id: TOOLS, title: 'Pipe Tools', version: 1, subCategories: [], maxDiscountPercentage: 0 },
];

interface Call {
  call: string;
  body?: unknown;
}

/** The tree calls over a tree that changes as the server's would; each write answers with
 * the whole tree, and `calls` records it. GET /category keeps answering the tree as it
 * was at first (`fresh` false), so the shop can only see a change through the console's
 * answer, or always the current one (`fresh` true). */
function treeApi({ fresh = true }: { fresh?: boolean } = {}) {
  let tree = structuredClone(start);
  let next = 0;
  const calls: Call[] = [];
  const answer = (changed: string, message: string, status = 200) => HttpResponse.json({ success: true, message, data: { _id: changed, categories: tree } }, { status });
  const record = async (request: Request, call: string) => {
    const body = request.method === 'DELETE' ? undefined : await request.json();
    calls.push(body === undefined ? { call } : { call, body });
    return body as { title?: string; ids?: string[] };
  };
  const reorder = <T extends { _id: string }>(items: T[], ids: string[]) => ids.map((one) => items.find((item) => item._id === one)!);
  const withCategory = (categoryId: string, change: (category: Category) => Category) => {
    tree = tree.map((category) => (category._id === categoryId ? change(category) : category));
  };
  server.use(
    http.get('*/api/category', () => envelope({ categories: fresh ? tree : start })),
    http.post('*/api/admin/category/order', async ({ request }) => {
      const { ids } = await record(request, 'order categories');
      tree = reorder(tree, ids!);
      return answer('', 'Categories reordered');
    }),
    http.post('*/api/admin/category/:id/sub-category/order', async ({ request, params }) => {
      const { ids } = await record(request, `order sub-categories of ${params.id}`);
      withCategory(params.id as string, (category) => ({ ...category, subCategories: reorder(category.subCategories, ids!) }));
      return answer(params.id as string, 'Sub-categories reordered');
    }),
    http.post('*/api/admin/category/:id/sub-category', async ({ request, params }) => {
      const { title } = await record(request, `create sub-category in ${params.id}`);
      const created = `new-sub-${(next += 1)}`.padStart(24, '0');
      withCategory(params.id as string, (category) => ({ ...category, subCategories: [...category.subCategories, { _id: created, title: title!, version: 1 }] }));
      return answer(created, 'Sub-category created', 201);
    }),
    http.post('*/api/admin/category', async ({ request }) => {
      const { title } = await record(request, 'create category');
      const created = `new-cat-${(next += 1)}`.padStart(24, '0');
      tree = [...tree, { _id: created, title: title!, version: 1, subCategories: [], maxDiscountPercentage: 0 }];
      return answer(created, 'Category created', 201);
    }),
    http.put('*/api/admin/category/:id', async ({ request, params }) => {
      const { title } = await record(request, `rename category ${params.id}`);
      withCategory(params.id as string, (category) => ({ ...category, title: title!, version: category.version + 1 }));
      return answer(params.id as string, 'Category renamed');
    }),
    http.put('*/api/admin/sub-category/:id', async ({ request, params }) => {
      const { title } = await record(request, `rename sub-category ${params.id}`);
      tree = tree.map((category) => ({ ...category, subCategories: category.subCategories.map((sub) => (sub._id === params.id ? { ...sub, title: title!, version: sub.version + 1 } : sub)) }));
      return answer(params.id as string, 'Sub-category renamed');
    }),
    http.delete('*/api/admin/category/:id', async ({ request, params }) => {
      await record(request, `delete category ${params.id}`);
      tree = tree.filter((category) => category._id !== params.id);
      return answer(params.id as string, 'Category deleted');
    }),
    http.delete('*/api/admin/sub-category/:id', async ({ request, params }) => {
      await record(request, `delete sub-category ${params.id}`);
      tree = tree.map((category) => ({ ...category, subCategories: category.subCategories.filter((sub) => sub._id !== params.id) }));
      return answer(params.id as string, 'Sub-category deleted');
    }),
  );
  return calls;
}

const list = () => screen.getByRole('list', { name: 'Categories' });
/** The categories' titles as shown, in order. */
const shownTitles = () => within(list()).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const category = (title: string) => screen.getByRole('region', { name: title });
/** A category's sub-categories as shown, in order. */
const subTitles = (title: string) => within(within(category(title)).getByRole('list', { name: `Sub-categories of ${title}` })).getAllByRole('listitem').map((item) => item.textContent);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Console categories', () => {
  it('shows the tree in the shop’s order, each category with its sub-categories', async () => {
    treeApi();
    renderRoutes(routes, '/admin/categories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Categories' });
    expect(shownTitles()).toEqual(['Faucets', 'Heating', 'Pipe Tools']);
    expect(subTitles('Faucets')).toEqual(['Basin Taps', 'Kitchen Taps']);
    expect(within(category('Heating')).getByText('No sub-categories yet.')).toBeInTheDocument();
    // The first cannot move up, the last cannot move down.
    expect(screen.getByRole('button', { name: 'Move category Faucets up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move category Faucets down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move category Pipe Tools down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move sub-category Basin Taps up' })).toBeDisabled();
    // The side navigation leads here.
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/categories');
  });

  it('adds a category after the others; the shop’s copy of the tree, which the product form offers, has it at once', async () => {
    // GET /category would still say the old tree: only the answer can tell the new one.
    const calls = treeApi({ fresh: false });
    const { router } = renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    type('New category', '  Bathroom Sinks ');
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Faucets', 'Heating', 'Pipe Tools', 'Bathroom Sinks']));
    expect(calls).toEqual([{ call: 'create category', body: { title: 'Bathroom Sinks' } }]);
    expect(screen.getByLabelText('New category')).toHaveValue('');

    await router.navigate('/admin/products/new');
    const select = await screen.findByLabelText('Category');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(expect.arrayContaining(['Faucets', 'Heating', 'Pipe Tools', 'Bathroom Sinks']));
  });

  it('checks the title as the server does before sending it', async () => {
    const calls = treeApi();
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    type('New category', 'x'.repeat(61));
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Title must be at most 60 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New category')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal of a title by its field: a taken one (409) and errors.title', async () => {
    treeApi();
    let answer = () => failure(409, "A category titled 'Heating' already exists");
    server.use(http.post('*/api/admin/category', () => answer()));
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    type('New category', 'heating');
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText("A category titled 'Heating' already exists")).toBeInTheDocument();
    expect(screen.getByLabelText('New category')).toHaveAccessibleDescription("A category titled 'Heating' already exists");

    answer = () => refusal(400, 'Title must be one line of text', { title: 'Title must be one line of text' });
    type('New category', 'Boilers');
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Title must be one line of text')).toBeInTheDocument();
    expect(screen.getByLabelText('New category')).toHaveAccessibleDescription('Title must be one line of text');
    expect(shownTitles()).toEqual(['Faucets', 'Heating', 'Pipe Tools']);
  });

  it('renames a category in place, and shows a taken title by the field', async () => {
    const calls = treeApi();
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Rename category Heating' }));
    expect(screen.getByLabelText('New title for Heating')).toHaveValue('Heating');
    expect(screen.getByLabelText('New title for Heating')).toHaveFocus();

    // The first try is refused; the next goes through to the tree.
    let refuse = true;
    server.use(
      http.put('*/api/admin/category/:id', () => {
        if (refuse) return failure(409, "A category titled 'Faucets' already exists");
      }),
    );
    type('New title for Heating', 'Faucets');
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    expect(await screen.findByText("A category titled 'Faucets' already exists")).toBeInTheDocument();
    expect(screen.getByLabelText('New title for Heating')).toHaveAccessibleDescription("A category titled 'Faucets' already exists");
    expect(shownTitles()).toEqual(['Faucets', 'Heating', 'Pipe Tools']);

    refuse = false;
    type('New title for Heating', 'Heating & Boilers');
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Faucets', 'Heating & Boilers', 'Pipe Tools']));
    expect(screen.queryByLabelText('New title for Heating')).not.toBeInTheDocument();
    expect(calls).toEqual([{ call: `rename category ${HEATING}`, body: { title: 'Heating & Boilers', version: 1 } }]);
  });

  it('moves a category up or down, sending the whole new order', async () => {
    const calls = treeApi();
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Move category Pipe Tools up' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Faucets', 'Pipe Tools', 'Heating']));
    fireEvent.click(screen.getByRole('button', { name: 'Move category Faucets down' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Pipe Tools', 'Faucets', 'Heating']));
    expect(calls).toEqual([
      { call: 'order categories', body: { ids: [FAUCETS, TOOLS, HEATING] } },
      { call: 'order categories', body: { ids: [TOOLS, FAUCETS, HEATING] } },
    ]);
  });

  it('offers no move while another change is on its way, as a move sends the whole order', async () => {
    treeApi();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.put('*/api/admin/category/:id', async () => {
        await answered;
      }),
    );
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Rename category Heating' }));
    type('New title for Heating', 'Boilers');
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    // The rename is Heating's, the moves other rows' and other levels'.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move category Faucets down' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Move category Pipe Tools up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move sub-category Basin Taps down' })).toBeDisabled();

    answer();
    await waitFor(() => expect(shownTitles()).toEqual(['Faucets', 'Boilers', 'Pipe Tools']));
    expect(screen.getByRole('button', { name: 'Move category Faucets down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move sub-category Basin Taps down' })).toBeEnabled();
  });

  it('says so when an order is refused, and shows the tree as it now is', async () => {
    treeApi();
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    // Another administrator adds a category meanwhile: the order shown no longer lists every one.
    const boilers: Category = { _id: id('f'), title: 'Boilers', version: 1, subCategories: [], maxDiscountPercentage: 0 };
    server.use(
      http.get('*/api/category', () => envelope({ categories: [...start, boilers] })),
      http.post('*/api/admin/category/order', () => failure(400, 'List every category exactly once')),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move category Heating down' }));
    expect(await within(category('Heating')).findByRole('alert')).toHaveTextContent('List every category exactly once');
    await waitFor(() => expect(shownTitles()).toEqual(['Faucets', 'Heating', 'Pipe Tools', 'Boilers']));
  });

  it('deletes a category only after the confirmation', async () => {
    const calls = treeApi();
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete category Heating' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the category Heating?' });
    expect(dialog).toHaveTextContent('Only a category with no sub-categories and no products (archived ones count) can be deleted.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep category' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete category Heating' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the category Heating?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(shownTitles()).toEqual(['Faucets', 'Pipe Tools']));
    expect(calls).toEqual([{ call: `delete category ${HEATING}` }]);
  });

  it('shows the server’s refusal to delete a category that still holds things, in its words', async () => {
    const refused = 'This category still holds 2 sub-categories and 5 products (archived ones count): move or delete them first';
    treeApi();
    server.use(http.delete('*/api/admin/category/:id', () => failure(409, refused)));
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete category Faucets' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it' }));
    expect(await within(category('Faucets')).findByRole('alert')).toHaveTextContent(refused);
    expect(shownTitles()).toEqual(['Faucets', 'Heating', 'Pipe Tools']);
  });

  it('adds, renames, moves and deletes sub-categories with the same actions', async () => {
    const calls = treeApi();
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });

    type('New sub-category of Heating', 'Radiators');
    fireEvent.click(within(category('Heating')).getByRole('button', { name: 'Add sub-category' }));
    await waitFor(() => expect(subTitles('Heating')).toEqual(['Radiators']));
    expect(screen.getByLabelText('New sub-category of Heating')).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Rename sub-category Kitchen Taps' }));
    type('New title for Kitchen Taps', 'Sink Mixers');
    fireEvent.click(within(category('Faucets')).getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(subTitles('Faucets')).toEqual(['Basin Taps', 'Sink Mixers']));

    fireEvent.click(screen.getByRole('button', { name: 'Move sub-category Sink Mixers up' }));
    await waitFor(() => expect(subTitles('Faucets')).toEqual(['Sink Mixers', 'Basin Taps']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete sub-category Basin Taps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the sub-category Basin Taps?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(subTitles('Faucets')).toEqual(['Sink Mixers']));

    expect(calls).toEqual([
      { call: `create sub-category in ${HEATING}`, body: { title: 'Radiators' } },
      { call: `rename sub-category ${KITCHEN}`, body: { title: 'Sink Mixers', version: 1 } },
      { call: `order sub-categories of ${FAUCETS}`, body: { ids: [KITCHEN, BASIN] } },
      { call: `delete sub-category ${BASIN}` },
    ]);
  });

  it('shows a sub-category’s refusals in the server’s words: a taken title by its field, a used one below it', async () => {
    treeApi();
    server.use(
      http.post('*/api/admin/category/:id/sub-category', () => failure(409, "This category already has a sub-category titled 'Basin Taps'")),
      http.delete('*/api/admin/sub-category/:id', () => failure(409, 'This sub-category still holds 3 products (archived ones count): move them first')),
    );
    renderRoutes(routes, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories' });
    type('New sub-category of Faucets', 'basin taps');
    fireEvent.click(within(category('Faucets')).getByRole('button', { name: 'Add sub-category' }));
    expect(await screen.findByText("This category already has a sub-category titled 'Basin Taps'")).toBeInTheDocument();
    expect(screen.getByLabelText('New sub-category of Faucets')).toHaveAccessibleDescription("This category already has a sub-category titled 'Basin Taps'");

    fireEvent.click(screen.getByRole('button', { name: 'Delete sub-category Basin Taps' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it' }));
    const [basin, kitchen] = within(category('Faucets')).getAllByRole('listitem');
    expect(await within(basin).findByRole('alert')).toHaveTextContent('This sub-category still holds 3 products (archived ones count): move them first');
    expect(basin).toHaveTextContent(/^Basin Taps/);
    expect(kitchen).toHaveTextContent('Kitchen Taps');
  });

  it('says when the tree cannot be loaded', async () => {
    server.use(http.get('*/api/category', () => failure(500, 'Failed to fetch categories')));
    renderRoutes(routes, '/admin/categories');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch categories');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
