import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import { signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { attempt, delivery, WEBHOOK_ID, webhook, webhookApi } from '../testing/fixtures';
import type { Delivery } from '../types';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const placed = delivery();
const failed = delivery({
  _id: 'd2'.padStart(24, '0'),
  eventId: 'evt_0002',
  type: 'stock.low',
  state: 'failed',
  createdAt: '2026-03-06T09:00:00Z',
  attempts: [
    attempt({ at: '2026-03-06T09:00:01Z', status: 500, durationMs: 300, error: 'The endpoint answered 500' }),
    attempt({ at: '2026-03-06T09:05:00Z', status: null, durationMs: 10000, error: 'No answer within 10 seconds' }),
  ],
});
// The server may leave out a try's status and error when there are none.
const unanswered = delivery({
  _id: 'd4'.padStart(24, '0'),
  eventId: 'evt_0004',
  type: 'order.refunded',
  state: 'pending',
  createdAt: '2026-03-06T07:00:00Z',
  attempts: [{ at: '2026-03-06T07:00:01Z', durationMs: 5000 }],
});
const waiting = delivery({ _id: 'd3'.padStart(24, '0'), eventId: 'evt_0003', type: 'customer.created', state: 'pending', createdAt: '2026-03-06T08:00:00Z', attempts: [] });

const deliveriesBox = () => screen.getByRole('region', { name: 'Deliveries table' });
const rowOf = (eventId: string) => within(deliveriesBox()).getByText(eventId).closest('tr')!;
const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').slice(0, -1).map((cell) => cell.textContent)];
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'GET' && call.path.includes('/delivery'));

async function openWebhook(path = `/admin/webhooks/${WEBHOOK_ID}`) {
  const view = renderRoutes(routes, path);
  expect(await screen.findByRole('heading', { level: 1, name: webhook().url })).toBeInTheDocument();
  await within(await screen.findByRole('region', { name: 'Deliveries table' })).findAllByRole('row');
  return view;
}

describe('Console webhook deliveries', () => {
  it('lists the deliveries newest first: event, id, state, tries, the last try’s answer, time and error, and when', async () => {
    webhookApi({ deliveries: [placed, failed, waiting, unanswered] });
    await openWebhook();
    expect(within(deliveriesBox()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Event', 'Event id', 'State', 'Tries', 'Last answer', 'Took', 'Error', 'Created', 'Actions']);
    expect([placed, failed, waiting, unanswered].map((d) => cells(rowOf(d.eventId)))).toEqual([
      ['Order placed', 'evt_0001', 'Delivered', '1', '200', '120 ms', '–', 'Mar 06, 2026, 10:00 UTC'],
      ['Stock low', 'evt_0002', 'Failed', '2', 'No answer', '10000 ms', 'No answer within 10 seconds', 'Mar 06, 2026, 09:00 UTC'],
      ['Customer created', 'evt_0003', 'Pending', '0', 'Not tried yet', '–', '–', 'Mar 06, 2026, 08:00 UTC'],
      ['Order refunded', 'evt_0004', 'Pending', '1', 'No answer', '5000 ms', '–', 'Mar 06, 2026, 07:00 UTC'],
    ]);
    expect(screen.getByText('Page 1 of 1 · 4 deliveries')).toBeInTheDocument();
  });

  it('opens a delivery’s every try, and closes it again', async () => {
    webhookApi({ deliveries: [placed, failed, waiting] });
    await openWebhook();
    const row = rowOf('evt_0002');
    const show = within(row).getByRole('button', { name: 'Show tries' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(show);
    const tries = screen.getByRole('table', { name: 'Tries of event evt_0002' });
    expect(within(row).getByRole('button', { name: 'Hide tries' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(tries).getAllByRole('row').slice(1).map((tr) => within(tr).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', 'Mar 06, 2026, 09:00 UTC', '500', '300 ms', 'The endpoint answered 500'],
      ['2', 'Mar 06, 2026, 09:05 UTC', 'No answer', '10000 ms', 'No answer within 10 seconds'],
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Hide tries' }));
    expect(screen.queryByRole('table', { name: 'Tries of event evt_0002' })).not.toBeInTheDocument();
    // A delivery not tried yet has no tries to show.
    expect(within(rowOf('evt_0003')).queryByRole('button', { name: 'Show tries' })).not.toBeInTheDocument();
  });

  it('pages, keeping the page in the address, and opens at the page the address names', async () => {
    const many: Delivery[] = Array.from({ length: 25 }, (_, i) => delivery({ _id: `d${i}`.padStart(24, '0'), eventId: `evt_${String(100 - i).padStart(4, '0')}` }));
    const { calls } = webhookApi({ deliveries: many });
    const { router, unmount } = await openWebhook();
    expect(within(deliveriesBox()).getAllByRole('rowheader')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2 · 25 deliveries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 25 deliveries')).toBeInTheDocument();
    expect(within(deliveriesBox()).getAllByRole('rowheader')).toHaveLength(5);
    expect(within(deliveriesBox()).getByText('evt_0076')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls).map((call) => call.path)).toEqual([`/api/admin/webhook/${WEBHOOK_ID}/delivery?page=1&perPage=20`, `/api/admin/webhook/${WEBHOOK_ID}/delivery?page=2&perPage=20`]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    unmount();

    await openWebhook(`/admin/webhooks/${WEBHOOK_ID}?page=2`);
    expect(screen.getByText('Page 2 of 2 · 25 deliveries')).toBeInTheDocument();
  });

  it('says when there are no deliveries yet', async () => {
    webhookApi({ deliveries: [] });
    renderRoutes(routes, `/admin/webhooks/${WEBHOOK_ID}`);
    expect(await screen.findByText('No deliveries yet: the shop sends one when an event this endpoint hears of happens.')).toBeInTheDocument();
  });

  it('sends a delivery again: posts to its resend call, shows the new try and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = webhookApi({ deliveries: [placed, failed, waiting] });
    await openWebhook();
    const before = listCalls(calls).length;
    fireEvent.click(within(rowOf('evt_0002')).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Delivery sent again'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: `/api/admin/webhook/${WEBHOOK_ID}/delivery/${failed._id}/resend`, body: {} }]);
    await waitFor(() => expect(cells(rowOf('evt_0002'))).toEqual(['Stock low', 'evt_0002', 'Delivered', '3', '204', '80 ms', '–', 'Mar 06, 2026, 09:00 UTC']));
    // The list is read again too.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('says why a delivery could not be sent again', async () => {
    const error = vi.spyOn(toast, 'error');
    webhookApi({ deliveries: [placed] });
    server.use(http.post('*/api/admin/webhook/:id/delivery/:deliveryId/resend', () => failure(404, 'Delivery not found')));
    await openWebhook();
    fireEvent.click(within(rowOf('evt_0001')).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Delivery not found'));
  });
});
