import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import { signInAs, signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { SECRET, webhook, webhookApi } from '../testing/fixtures';

beforeEach(signInAsAdmin);
afterEach(resetStores);
// The clipboard a test gives the browser (jsdom has none).
afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

const erp = webhook();
const chat = webhook({
  _id: 'w9'.padStart(24, '0'),
  url: 'https://chat.example.com/in/abc',
  events: ['order.placed', 'order.paid', 'order.cancelled', 'return.requested'],
  description: '',
  active: false,
  createdAt: '2026-02-01T12:00:00Z',
});
const everything = webhook({
  _id: 'w8'.padStart(24, '0'),
  url: 'https://books.example.com/shop',
  events: ['order.placed', 'order.paid', 'order.status_changed', 'order.cancelled', 'order.refunded', 'return.requested', 'product.created', 'product.updated', 'stock.low', 'customer.created'],
  description: 'Accounting',
});

const rows = () => within(screen.getByRole('region', { name: 'Webhooks table' })).getAllByRole('row').slice(1);
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add an endpoint' });
}

describe('Console webhooks list', () => {
  it('lists every endpoint with its events, description, status and date, each leading to its page', async () => {
    webhookApi({ webhooks: [erp, chat, everything] });
    renderRoutes(routes, '/admin/webhooks');
    expect(await screen.findByRole('link', { name: erp.url })).toHaveAttribute('href', `/admin/webhooks/${erp._id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.getByText("Send the shop's events to your other systems: accounting, ERP, chat.")).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['URL', 'Events', 'Description', 'Status', 'Added']);
    expect(rows().map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      [erp.url, 'Order placed, Order paid', 'Orders into the ERP', 'Active', 'Mar 05, 2026'],
      [chat.url, '4 events', '–', 'Off', 'Feb 01, 2026'],
      [everything.url, 'All events', 'Accounting', 'Active', 'Mar 05, 2026'],
    ]);
    expect(screen.getByRole('link', { name: chat.url })).toHaveAttribute('href', `/admin/webhooks/${chat._id}`);
    // The side navigation leads here.
    const nav = within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Webhooks' });
    expect(nav).toHaveAttribute('href', '/admin/webhooks');
    expect(nav).toHaveAttribute('aria-current', 'page');
  });

  it('is not for a role without the webhooks permission: no page, and no call made', async () => {
    signInAs('manager');
    const { calls } = webhookApi();
    renderRoutes(routes, '/admin/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    webhookApi({ webhooks: [] });
    const view = renderRoutes(routes, '/admin/webhooks');
    expect(await screen.findByText('No webhook endpoints yet: the shop sends its events nowhere.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeInTheDocument();
    view.unmount();
    server.use(http.get('*/api/admin/webhook', () => failure(403, 'Your role does not allow this')));
    renderRoutes(routes, '/admin/webhooks');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this');
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
  });

  it('offers no Add endpoint once the shop has its 20', async () => {
    webhookApi({ webhooks: Array.from({ length: 20 }, (_, i) => webhook({ _id: String(i).padStart(24, '0'), url: `https://e${i}.example.com/` })) });
    renderRoutes(routes, '/admin/webhooks');
    expect(await screen.findByText('A shop has at most 20 webhook endpoints: delete one to add another.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
  });
});

describe('Console webhooks: adding an endpoint', () => {
  it('offers the ten events in the shop’s order, by name', async () => {
    webhookApi({ webhooks: [] });
    renderRoutes(routes, '/admin/webhooks');
    const dialog = await openAddForm();
    const events = within(within(dialog).getByRole('group', { name: 'Events' })).getAllByRole('checkbox');
    expect(events.map((box) => [box.getAttribute('value'), (box as HTMLInputElement).labels?.[0].textContent, (box as HTMLInputElement).checked])).toEqual([
      ['order.placed', 'Order placed', false],
      ['order.paid', 'Order paid', false],
      ['order.status_changed', 'Order status changed', false],
      ['order.cancelled', 'Order cancelled', false],
      ['order.refunded', 'Order refunded', false],
      ['return.requested', 'Return requested', false],
      ['product.created', 'Product created', false],
      ['product.updated', 'Product updated', false],
      ['stock.low', 'Stock low', false],
      ['customer.created', 'Customer created', false],
    ]);
    // The event's own name is its description, for whoever writes the endpoint.
    expect(events[2]).toHaveAccessibleDescription('order.status_changed');
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('posts exactly the URL, the events in the shop’s order and the description, then shows the secret once', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const copied = vi.spyOn(toast, 'success');
    const { calls } = webhookApi({ webhooks: [erp] });
    renderRoutes(routes, '/admin/webhooks');
    const dialog = await openAddForm();
    type('URL', ' https://books.example.com/shop ');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Stock low' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Order paid' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Customer created' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Customer created' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Order placed' }));
    type('Description (optional)', 'Invoices for accounting');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Endpoint added: its signing secret' });
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/api/admin/webhook', body: { url: 'https://books.example.com/shop', events: ['order.placed', 'order.paid', 'stock.low'], description: 'Invoices for accounting' } }]);
    expect(secretDialog).toHaveTextContent('Copy this secret now: it will not be shown again.');
    expect(within(secretDialog).getByLabelText('Signing secret')).toHaveValue(SECRET);
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(secretDialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(copied).toHaveBeenCalledWith('Secret copied');

    // The list shows the new endpoint; once the dialog is closed the secret is nowhere.
    expect(await screen.findByRole('link', { name: 'https://books.example.com/shop', hidden: true })).toBeInTheDocument();
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('asks for a URL and at least one event before sending anything', async () => {
    const { calls } = webhookApi({ webhooks: [] });
    renderRoutes(routes, '/admin/webhooks');
    const dialog = await openAddForm();
    type('Description (optional)', 'x'.repeat(201));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription('Choose at least one event');
    expect(within(dialog).getByText('A description may be at most 200 characters')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('shows the server’s errors under the fields they name, and a refusal of no field above the button', async () => {
    webhookApi({ webhooks: [] });
    let answer = () => refusal(400, 'Check the fields', { url: 'Use an https:// address', events: 'Choose at least one event', description: 'At most 200 characters' });
    const sent = vi.fn();
    server.use(
      http.post('*/api/admin/webhook', () => {
        sent();
        return answer();
      }),
    );
    renderRoutes(routes, '/admin/webhooks');
    const dialog = await openAddForm();
    type('URL', 'http://erp.example.com/hook');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Order placed' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Use an https:// address')).toBeInTheDocument();
    const url = within(dialog).getByLabelText('URL');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Use an https:// address'));
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveAccessibleDescription(expect.stringContaining('At most 200 characters'));
    expect(within(dialog).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription('Choose at least one event');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    answer = () => failure(409, 'A shop has at most 20 webhook endpoints');
    type('URL', 'https://erp.example.com/hook');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A shop has at most 20 webhook endpoints');
    // Nothing was added: the form stays as typed, and no secret is shown.
    expect(within(dialog).getByLabelText('URL')).toHaveValue('https://erp.example.com/hook');
    expect(screen.queryByRole('dialog', { name: /signing secret/ })).not.toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(2);
  });
});
