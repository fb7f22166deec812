import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import type { ProductList } from '@/api/types';
import { routes } from '@/app/router';
import { catalogueHandlers, envelope, failure, product, server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

/** The filters' counts of a listing: 12 faucets (7 basin taps), none in Heating. */
const FACETS: NonNullable<ProductList['facets']> = {
  options: {},
  categories: [{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', count: 12 }],
  subCategories: [{ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', count: 7 }],
  priceBands: [
    { min: 0, max: 9.99, count: 3 },
    { min: 10, max: 24.99, count: 4 },
    { min: 25, max: 49.99, count: 0 },
    { min: 50, max: 99.99, count: 2 },
    { min: 100, max: 249.99, count: 0 },
    { min: 250, max: null, count: 3 },
  ],
  inStock: 10,
};

/** Answers /api/product with `total` products (and `facets`, if given), recording each query it was asked. */
function listing(total: number, asked: URLSearchParams[] = [], facets?: ProductList['facets']) {
  return http.get('*/api/product', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const perPage = Number(query.get('perPage') ?? 10);
    const page = Number(query.get('page') ?? 1);
    const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
    const products = Array.from({ length: count }, (_, i) =>
      product({ _id: `${i}`.padStart(24, '0'), name: `Tap ${(page - 1) * perPage + i + 1}` }),
    );
    return envelope({ products, total, page, perPage, ...(facets && { facets }) });
  });
}

const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => o.textContent);

describe('Shop listing', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('shows eight skeleton cards, then the products of the URL', async () => {
    const asked: URLSearchParams[] = [];
    server.use(listing(25, asked));
    renderRoutes(routes, '/shop?keyword=tap&sort=price_asc&page=2&subcategory=bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(8);
    expect(await screen.findByText('Tap 11')).toBeInTheDocument();
    const query = asked.at(-1)!;
    expect(Object.fromEntries(query)).toMatchObject({
      keyword: 'tap',
      page: '2',
      perPage: '10',
      sortField: 'price',
      sortOrder: 'asc',
      subCategoryIds: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeShop');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it('folds the filters behind a button on phones, counting the active ones', async () => {
    server.use(listing(3));
    renderRoutes(routes, '/shop?minPrice=10&maxPrice=50');
    const toggle = await screen.findByRole('button', { name: 'Filters (1)' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', filters.id);
    // Folded on phones (hidden below md), always shown from md up.
    expect(filters).toHaveClass('hidden', 'md:block');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(filters).not.toHaveClass('hidden');
  });

  it('goes back to page 1 when the sort changes, and puts it in the URL', async () => {
    server.use(listing(25));
    const { router } = renderRoutes(routes, '/shop?page=3');
    await screen.findByText('Tap 21');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name_desc' } });
    expect(router.state.location.search).toBe('?sort=name_desc');
    expect(await screen.findByText('Tap 1')).toBeInTheDocument();
  });

  it('moves between pages from the pagination', async () => {
    server.use(listing(25));
    const { router } = renderRoutes(routes, '/shop');
    await screen.findByText('Tap 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(await screen.findByText('Tap 11')).toBeInTheDocument();
  });

  it('shows no pagination for a single page', async () => {
    server.use(listing(3));
    renderRoutes(routes, '/shop');
    await screen.findByText('Tap 3');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    server.use(listing(0));
    renderRoutes(routes, '/shop?keyword=zzz');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search terms.')).toBeInTheDocument();
  });

  it('offers what the shopper may have meant when the search found nothing', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/product', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return query.get('keyword') === 'radiator valve'
          ? envelope({ products: [product({ name: 'Radiator Valve' })], total: 1, page: 1, perPage: 10 })
          : envelope({ products: [], total: 0, page: 1, perPage: 10, didYouMean: 'radiator valve' });
      }),
    );
    renderRoutes(routes, '/shop?keyword=radaitor+vlve&sort=price_asc');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'radiator valve' }));
    expect(await screen.findByText('Radiator Valve')).toBeInTheDocument();
    expect(asked.at(-1)?.get('keyword')).toBe('radiator valve');
    expect(asked.at(-1)?.get('sortField')).toBe('price');
  });

  it('offers nothing when the answer suggests nothing', async () => {
    server.use(listing(0));
    renderRoutes(routes, '/shop?keyword=zzz');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('shows the error with the spec sentence', async () => {
    server.use(http.get('*/api/product', () => failure(500, 'Failed to fetch products')));
    renderRoutes(routes, '/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products. Please try again later.');
  });

  it('says it is updating while the next page loads', async () => {
    server.use(listing(25));
    renderRoutes(routes, '/shop');
    await screen.findByText('Tap 1');
    server.use(
      http.get('*/api/product', async () => {
        await delay(200);
        return envelope({ products: [product({ name: 'Later tap' })], total: 25, page: 2, perPage: 10 });
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Updating products...')).toBeInTheDocument();
    expect(screen.getByText('Tap 1')).toBeInTheDocument();
    expect(await screen.findByText('Later tap')).toBeInTheDocument();
  });

  it('filters by category and clears the sub-category', async () => {
    server.use(listing(5));
    const { router } = renderRoutes(routes, '/shop?subCategory=bbbbbbbbbbbbbbbbbbbbbbbb&category=aaaaaaaaaaaaaaaaaaaaaaaa');
    await screen.findByText('Tap 1');
    await screen.findByRole('option', { name: 'Heating' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cccccccccccccccccccccccc' } });
    expect(router.state.location.search).toBe('?category=cccccccccccccccccccccccc');
    fireEvent.change(screen.getByLabelText('Minimum price'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(router.state.location.search).toBe('?category=cccccccccccccccccccccccc&minPrice=10');
  });

  it('asks for the counts and shows them beside the categories, sub-categories and total', async () => {
    const asked: URLSearchParams[] = [];
    server.use(listing(12, asked, FACETS));
    renderRoutes(routes, '/shop?category=aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(await screen.findByText('12 products, 10 in stock')).toBeInTheDocument();
    expect(asked.at(-1)?.get('facets')).toBe('true');
    await screen.findByRole('option', { name: 'Faucets (12)' });
    // A category the counts leave out has none.
    expect(options('Category')).toEqual(['All categories', 'Faucets (12)', 'Heating (0)']);
    expect(options('Sub-category')).toEqual(['All Faucets', 'Basin Taps (7)']);
  });

  it('filters by a price band, marks the one applied, and offers no empty band', async () => {
    const asked: URLSearchParams[] = [];
    server.use(listing(12, asked, FACETS));
    const { router } = renderRoutes(routes, '/shop?page=2&category=aaaaaaaaaaaaaaaaaaaaaaaa');
    const bands = await screen.findByRole('list', { name: 'Price bands' });
    expect(within(bands).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Under $10 (3)',
      '$10 – $24.99 (4)',
      '$25 – $49.99 (0)',
      '$50 – $99.99 (2)',
      '$100 – $249.99 (0)',
      '$250 & over (3)',
    ]);
    expect(screen.getByRole('button', { name: '$25 – $49.99 (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '$100 – $249.99 (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '$10 – $24.99 (4)' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(screen.getByRole('button', { name: '$10 – $24.99 (4)' }));
    expect(router.state.location.search).toBe('?category=aaaaaaaaaaaaaaaaaaaaaaaa&minPrice=10&maxPrice=24.99');
    expect(await screen.findByRole('button', { name: '$10 – $24.99 (4)', pressed: true })).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({ page: '1', minPrice: '10', maxPrice: '24.99', categoryIds: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(screen.getByLabelText('Minimum price')).toHaveValue('10');

    fireEvent.click(screen.getByRole('button', { name: '$250 & over (3)' }));
    expect(await screen.findByRole('button', { name: '$250 & over (3)', pressed: true })).toBeInTheDocument();
    expect(asked.at(-1)?.get('minPrice')).toBe('250');
    expect(asked.at(-1)?.has('maxPrice')).toBe(false);
    expect(screen.getByRole('button', { name: '$10 – $24.99 (4)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows no counts and no price bands while the server has none', async () => {
    server.use(listing(3));
    renderRoutes(routes, '/shop?category=aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(await screen.findByText('3 products')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Faucets' });
    expect(options('Category')).toEqual(['All categories', 'Faucets', 'Heating']);
    expect(options('Sub-category')).toEqual(['All Faucets', 'Basin Taps']);
    expect(screen.queryByRole('list', { name: 'Price bands' })).not.toBeInTheDocument();
    expect(screen.queryByText(/in stock/)).not.toBeInTheDocument();
  });

  it('offers Best match first for a keyword search only, and asks for relevance with it unless another order is picked', async () => {
    const asked: URLSearchParams[] = [];
    server.use(listing(12, asked));
    const { router } = renderRoutes(routes, '/shop');
    await screen.findByText('Tap 1');
    const sixSorts = ['Name (A-Z)', 'Name (Z-A)', 'Price (Low to High)', 'Price (High to Low)', 'Newest First', 'Oldest First'];
    expect(options('Sort by')).toEqual(sixSorts);

    await act(() => router.navigate('/shop?keyword=tap'));
    await screen.findByRole('heading', { name: 'Results for "tap"' });
    expect(options('Sort by')).toEqual(['Best match', ...sixSorts]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('best');
    await waitFor(() => expect(asked.at(-1)?.get('sortField')).toBe('relevance'));
    expect(asked.at(-1)?.has('sortOrder')).toBe(false);
    expect(asked.at(-1)?.get('keyword')).toBe('tap');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });
    expect(router.state.location.search).toBe('?sort=newest&keyword=tap');
    await waitFor(() => expect(asked.at(-1)?.get('sortField')).toBe('createdAt'));
    expect(asked.at(-1)?.get('sortOrder')).toBe('desc');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'best' } });
    expect(router.state.location.search).toBe('?keyword=tap');
    await waitFor(() => expect(asked.at(-1)?.get('sortField')).toBe('relevance'));
  });

  it('sorts newest first for sort=best without a keyword', async () => {
    const asked: URLSearchParams[] = [];
    server.use(listing(3, asked));
    renderRoutes(routes, '/shop?sort=best');
    await screen.findByText('Tap 1');
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0])).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' });
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(options('Sort by')).not.toContain('Best match');
  });
});
