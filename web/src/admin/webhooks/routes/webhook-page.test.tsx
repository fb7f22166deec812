import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { NEW_SECRET, SECRET, WEBHOOK_ID, webhook, webhookApi } from '../testing/fixtures';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const PATH = `/api/admin/webhook/${WEBHOOK_ID}`;
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const changes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');
const settings = () => screen.getByRole('region', { name: 'Endpoint' });

async function openWebhook(path = `/admin/webhooks/${WEBHOOK_ID}`) {
  const view = renderRoutes(routes, path);
  expect(await screen.findByRole('heading', { level: 1, name: webhook().url })).toBeInTheDocument();
  return view;
}

describe('Console webhook page', () => {
  it('shows the endpoint: its URL as the heading, whether it is on, when it was added, and its settings in the form', async () => {
    webhookApi();
    await openWebhook();
    expect(screen.getByRole('link', { name: 'All webhooks' })).toHaveAttribute('href', '/admin/webhooks');
    expect(screen.getByText('Active', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Mar 05, 2026')).toBeInTheDocument();
    expect(within(settings()).getByLabelText('URL')).toHaveValue(webhook().url);
    const ticked = within(settings()).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked && box.getAttribute('role') !== 'switch');
    expect(ticked.map((box) => box.getAttribute('value'))).toEqual(['order.placed', 'order.paid']);
    expect(within(settings()).getByLabelText('Description (optional)')).toHaveValue('Orders into the ERP');
    expect(within(settings()).getByRole('switch', { name: 'Active' })).toBeChecked();
    // Nothing to save until something changes.
    expect(within(settings()).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('saves with PATCH only what changed, and starts again from the endpoint as saved', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = webhookApi();
    await openWebhook();
    type('URL', 'https://erp.example.com/hooks/v2');
    fireEvent.click(within(settings()).getByRole('checkbox', { name: 'Order paid' }));
    fireEvent.click(within(settings()).getByRole('checkbox', { name: 'Order refunded' }));
    fireEvent.click(within(settings()).getByRole('checkbox', { name: 'Stock low' }));
    fireEvent.click(within(settings()).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(settings()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'https://erp.example.com/hooks/v2' })).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'PATCH', path: PATH, body: { url: 'https://erp.example.com/hooks/v2', events: ['order.placed', 'order.refunded', 'stock.low'], active: false } }]);
    expect(success).toHaveBeenCalledWith('Webhook updated');
    expect(screen.getByText('Off', { selector: 'span' })).toBeInTheDocument();
    await waitFor(() => expect(within(settings()).getByRole('button', { name: 'Save changes' })).toBeDisabled());
  });

  it('switches an endpoint the shop turned off back on', async () => {
    const { calls } = webhookApi({ webhooks: [webhook({ active: false })] });
    await openWebhook();
    expect(screen.getByText(/^This endpoint is off: the shop sends it nothing\./)).toHaveAttribute('role', 'status');
    fireEvent.click(within(settings()).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(settings()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(changes(calls)).toEqual([{ method: 'PATCH', path: PATH, body: { active: true } }]));
    await waitFor(() => expect(screen.queryByText(/This endpoint is off/)).not.toBeInTheDocument());
  });

  it('shows the server’s errors under the edit form’s fields, and checks the events first', async () => {
    webhookApi();
    server.use(http.patch('*/api/admin/webhook/:id', () => refusal(400, 'Check the fields', { url: 'This address is not public' })));
    await openWebhook();
    type('URL', 'https://10.0.0.5/hook');
    fireEvent.click(within(settings()).getByRole('button', { name: 'Save changes' }));
    expect(await within(settings()).findByText('This address is not public')).toBeInTheDocument();
    expect(within(settings()).getByLabelText('URL')).toHaveAccessibleDescription(expect.stringContaining('This address is not public'));

    fireEvent.click(within(settings()).getByRole('checkbox', { name: 'Order placed' }));
    fireEvent.click(within(settings()).getByRole('checkbox', { name: 'Order paid' }));
    fireEvent.click(within(settings()).getByRole('button', { name: 'Save changes' }));
    expect(await within(settings()).findByText('Choose at least one event')).toBeInTheDocument();
  });

  it('rotates the secret after asking, and shows the new one once', async () => {
    const { calls } = webhookApi();
    await openWebhook();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep the old one' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', { name: 'Yes, rotate it' }));
    const shown = await screen.findByRole('dialog', { name: 'The new signing secret' });
    expect(changes(calls)).toEqual([{ method: 'POST', path: `${PATH}/rotate-secret`, body: {} }]);
    expect(shown).toHaveTextContent('Copy this secret now: it will not be shown again.');
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(NEW_SECRET);
    // A browser that will not copy (jsdom has no clipboard) says how to copy it by hand.
    const error = vi.spyOn(toast, 'error');
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The browser would not copy it: select the secret and copy it yourself.'));
    expect(within(shown).getByLabelText('Signing secret')).toHaveFocus();
    expect(document.body).not.toHaveTextContent(SECRET);
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(NEW_SECRET)).not.toBeInTheDocument();
  });

  it('says so when rotating is refused', async () => {
    webhookApi();
    server.use(http.post('*/api/admin/webhook/:id/rotate-secret', () => failure(403, 'Your role does not allow this')));
    await openWebhook();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, rotate it' }));
    expect(await within(screen.getByRole('region', { name: 'Signing secret' })).findByRole('alert')).toHaveTextContent('Your role does not allow this');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the endpoint after asking, and goes back to the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = webhookApi({ webhooks: [webhook(), webhook({ _id: 'w7'.padStart(24, '0'), url: 'https://other.example.com/' })] });
    const { router } = await openWebhook();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/webhooks'));
    expect(changes(calls)).toEqual([{ method: 'DELETE', path: PATH, body: {} }]);
    expect(success).toHaveBeenCalledWith('Webhook deleted');
    expect(await screen.findByRole('link', { name: 'https://other.example.com/' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: webhook().url })).not.toBeInTheDocument();
  });

  it('says when the endpoint does not exist, with the way back', async () => {
    webhookApi({ webhooks: [] });
    renderRoutes(routes, `/admin/webhooks/${'f'.repeat(24)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Webhook not found');
    expect(screen.getByRole('heading', { level: 1, name: 'Webhook' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All webhooks' })).toHaveAttribute('href', '/admin/webhooks');
  });

  it('offers to try again when the endpoint cannot be loaded', async () => {
    server.use(http.get('*/api/admin/webhook/:id', () => failure(500, 'Failed to load the webhook')));
    renderRoutes(routes, `/admin/webhooks/${WEBHOOK_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the webhook');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
