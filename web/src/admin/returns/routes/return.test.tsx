import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server, unexpected } from '@/testing/server';
import { adminReturn, RETURN_ID, returnApi, TAP } from '../testing/fixtures';
import type { Return } from '../types';

const MOVE = (move: string) => `/api/admin/return/${RETURN_ID}/${move}`;

async function openReturn() {
  renderRoutes(routes, `/admin/returns/${RETURN_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Return R-000001' })).toBeInTheDocument();
}

const actionsBox = () => screen.getByRole('region', { name: 'Actions' });
const actions = () => within(actionsBox()).queryAllByRole('button').map((b) => b.textContent);
const activity = () => within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem').map((item) => item.textContent);

beforeEach(signInAsAdmin);
afterEach(resetStores);

describe('Console return page', () => {
  it('shows the order, the status, the lines with their reasons, the note, the photos, the estimate and the activity', async () => {
    returnApi(adminReturn());
    await openReturn();
    expect(screen.getByRole('link', { name: '#100001' })).toHaveAttribute('href', '/admin/orders/100001');
    expect(screen.getByRole('link', { name: 'All returns' })).toHaveAttribute('href', '/admin/returns');
    const items = screen.getByRole('table');
    expect(within(items).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Item', 'Quantity', 'Reason', 'Came back', 'Back on sale']);
    expect(within(items).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Brass Angle ValveSize: 15 mmSKU: VAL-152Wrong size––',
      'Chrome Basin Tap1Faulty––',
    ]);
    expect(screen.getByText('The tap drips from the base.')).toBeInTheDocument();
    const photos = screen.getAllByRole('link', { name: /^Photo \d$/ });
    expect(photos.map((link) => [link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['https://media.example/returns/1.jpg?sig=a', '_blank'],
      ['https://media.example/returns/2.jpg?sig=b', '_blank'],
    ]);
    const image = screen.getByRole('img', { name: 'Photo 1' });
    expect(image).toHaveAttribute('src', 'https://media.example/returns/1.jpg?sig=a');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(screen.getByText('Estimated refund ₹41.70')).toBeInTheDocument();
    expect(screen.queryByText(/^Refunded ₹/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Activity' })).toBeInTheDocument();
    expect(activity()).toEqual(['RequestedMar 05, 2026, 09:30 UTC']);
  });

  it.each<[Return['status'], string[]]>([
    ['requested', ['Approve', 'Reject']],
    ['approved', ['Receive', 'Reject']],
    ['received', ['Refund']],
    ['rejected', []],
    ['cancelled', []],
    ['refunded', []],
  ])('offers on a %s return only what the server allows: %j', async (status, expected) => {
    returnApi(adminReturn({ status }));
    await openReturn();
    expect(actions()).toEqual(expected);
    if (expected.length === 0) expect(actionsBox()).toHaveTextContent(`Nothing more to do: this return is ${status}.`);
  });

  it('shows a refunded return’s counts, what was refunded and every event with its note', async () => {
    const lines = adminReturn().lines.map((line) => ({ ...line, received: line.quantity, restocked: line.variantId === TAP ? 0 : line.quantity }));
    returnApi(
      adminReturn({
        status: 'refunded',
        lines,
        refunded: 141.7,
        events: [
          { type: 'requested', at: '2026-03-05T09:30:00Z', note: null },
          { type: 'approved', at: '2026-03-05T10:00:00Z', note: null },
          { type: 'received', at: '2026-03-06T11:00:00Z', note: null },
          { type: 'refunded', at: '2026-03-06T11:05:00Z', note: 'Delivery included' },
        ],
      }),
    );
    await openReturn();
    expect(within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(-2).map((cell) => cell.textContent))).toEqual([
      ['2', '2'],
      ['1', '0'],
    ]);
    expect(screen.getByText('Refunded ₹141.70')).toBeInTheDocument();
    expect(activity()).toEqual([
      'RequestedMar 05, 2026, 09:30 UTC',
      'ApprovedMar 05, 2026, 10:00 UTC',
      'ReceivedMar 06, 2026, 11:00 UTC',
      'RefundedMar 06, 2026, 11:05 UTC' + 'Delivery included',
    ]);
  });

  it('shows a rejected return’s reason', async () => {
    returnApi(adminReturn({ status: 'rejected', reason: 'Fitted and used: we cannot take it back.' }));
    await openReturn();
    expect(screen.getByText('Fitted and used: we cannot take it back.')).toBeInTheDocument();
  });

  it('approves a requested return and shows it as the server answers', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = returnApi(adminReturn());
    await openReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('button', { name: 'Receive' })).toBeInTheDocument();
    expect(calls).toEqual([{ path: MOVE('approve'), body: {} }]);
    expect(success).toHaveBeenCalledWith('Return approved');
    expect(actions()).toEqual(['Receive', 'Reject']);
    // The badge and the activity both say so.
    expect(screen.getAllByText('Approved')).toHaveLength(2);
    expect(activity().at(-1)).toMatch(/^Approved/);
  });

  it('shows a refused move in the server’s words, and the return as it now stands', async () => {
    returnApi(adminReturn());
    server.use(http.post('*/api/admin/return/:id/approve', () => failure(409, 'This return is cancelled')));
    await openReturn();
    server.use(http.get('*/api/admin/return/:id', () => envelope({ return: adminReturn({ status: 'cancelled' }) })));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await within(actionsBox()).findByRole('alert')).toHaveTextContent('This return is cancelled');
    await waitFor(() => expect(actionsBox()).toHaveTextContent('Nothing more to do: this return is cancelled.'));
    expect(within(actionsBox()).getByRole('alert')).toHaveTextContent('This return is cancelled');
  });

  it('says when the return does not exist', async () => {
    const { calls, handler } = unexpected('post', '*/api/admin/return/:id/approve');
    server.use(handler, http.get('*/api/admin/return/:id', () => failure(404, 'Return not found')));
    renderRoutes(routes, '/admin/returns/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Return not found');
    expect(calls).not.toHaveBeenCalled();
  });
});

describe('Console return rejection', () => {
  async function openDialog() {
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    return screen.findByRole('dialog', { name: 'Reject return R-000001?' });
  }

  it('asks for a reason of 1 to 500 characters before sending it, then shows the return rejected', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = returnApi(adminReturn({ status: 'approved' }));
    await openReturn();
    const dialog = await openDialog();
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason.tagName).toBe('TEXTAREA');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A reason is required');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason may be at most 500 characters'));
    expect(calls).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Fitted and used  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ path: MOVE('reject'), body: { reason: 'Fitted and used' } }]);
    expect(success).toHaveBeenCalledWith('Return rejected');
    expect(await screen.findByText('Nothing more to do: this return is rejected.')).toBeInTheDocument();
    expect(screen.getAllByText('Fitted and used').length).toBeGreaterThan(0);
  });

  it('keeps the dialog open with the server’s refusal of the reason under the field', async () => {
    returnApi(adminReturn());
    server.use(http.post('*/api/admin/return/:id/reject', () => refusal(400, 'A reason is required', { reason: 'A reason is required' })));
    await openReturn();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Used' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('A reason is required')));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends nothing when staff keep the return', async () => {
    const calls = returnApi(adminReturn());
    await openReturn();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });
});
