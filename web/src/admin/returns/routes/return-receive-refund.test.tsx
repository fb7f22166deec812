import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { adminReturn, RETURN_ID, returnApi, TAP, VALVE } from '../testing/fixtures';

const MOVE = (move: string) => `/api/admin/return/${RETURN_ID}/${move}`;

async function openReturn() {
  renderRoutes(routes, `/admin/returns/${RETURN_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Return R-000001' })).toBeInTheDocument();
}

const actionsBox = () => screen.getByRole('region', { name: 'Actions' });
const field = (label: string) => within(actionsBox()).getByLabelText(label);

beforeEach(signInAsAdmin);
afterEach(resetStores);

describe('Console return receiving', () => {
  const VALVE_BACK = 'Came back: Brass Angle Valve';
  const VALVE_SALE = 'Back on sale: Brass Angle Valve';
  const TAP_BACK = 'Came back: Chrome Basin Tap';
  const TAP_SALE = 'Back on sale: Chrome Basin Tap';

  it('offers every unit back and on sale at first, and sends each line’s counts', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = returnApi(adminReturn({ status: 'approved' }));
    await openReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(screen.queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument();
    expect(field(VALVE_BACK)).toHaveValue(2);
    expect(field(VALVE_BACK)).toHaveAttribute('min', '0');
    expect(field(VALVE_BACK)).toHaveAttribute('max', '2');
    expect(field(VALVE_SALE)).toHaveValue(2);
    expect(field(TAP_BACK)).toHaveValue(1);
    expect(field(TAP_SALE)).toHaveValue(1);

    // What goes back on sale follows what came back until it is typed itself.
    fireEvent.change(field(VALVE_BACK), { target: { value: '1' } });
    expect(field(VALVE_SALE)).toHaveValue(1);
    expect(field(VALVE_SALE)).toHaveAttribute('max', '1');
    fireEvent.change(field(TAP_SALE), { target: { value: '0' } });
    fireEvent.change(field(TAP_BACK), { target: { value: '1' } });
    expect(field(TAP_SALE)).toHaveValue(0);

    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      path: MOVE('receive'),
      body: {
        lines: [
          { variantId: VALVE, received: 1, restocked: 1 },
          { variantId: TAP, received: 1, restocked: 0 },
        ],
      },
    });
    expect(await within(actionsBox()).findByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(actionsBox()).queryByLabelText(VALVE_BACK)).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Return received');
    expect(within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(-2).map((cell) => cell.textContent))).toEqual([
      ['1', '1'],
      ['1', '0'],
    ]);
  });

  it('checks the counts before sending: 0 to the quantity came back, 0 to what came back on sale', async () => {
    const calls = returnApi(adminReturn({ status: 'approved' }));
    await openReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    fireEvent.change(field(VALVE_BACK), { target: { value: '3' } });
    fireEvent.change(field(TAP_SALE), { target: { value: '2' } });
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(field(VALVE_BACK)).toHaveAccessibleDescription('At most 2 came back'));
    expect(field(VALVE_BACK)).toHaveAttribute('aria-invalid', 'true');
    expect(field(VALVE_BACK)).toHaveFocus();
    expect(field(TAP_SALE)).toHaveAccessibleDescription('At most what came back goes back on sale');
    expect(field(TAP_BACK)).not.toHaveAttribute('aria-invalid');

    fireEvent.change(field(VALVE_BACK), { target: { value: '-1' } });
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(field(VALVE_BACK)).toHaveAccessibleDescription('Enter a whole number from 0 to 2'));
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusals under the inputs they name', async () => {
    returnApi(adminReturn({ status: 'approved' }));
    server.use(
      http.post('*/api/admin/return/:id/receive', () =>
        refusal(400, 'At most 1 came back', { [`lines.${TAP}.received`]: 'At most 1 came back', [`lines.${VALVE}.restocked`]: 'At most what came back goes back on sale' }),
      ),
    );
    await openReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(field(TAP_BACK)).toHaveAccessibleDescription('At most 1 came back'));
    expect(field(VALVE_SALE)).toHaveAccessibleDescription('At most what came back goes back on sale');
    expect(field(VALVE_BACK)).not.toHaveAttribute('aria-invalid');
    expect(field(TAP_SALE)).not.toHaveAttribute('aria-invalid');
    expect(within(actionsBox()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refusal that names no input as an alert', async () => {
    returnApi(adminReturn({ status: 'approved' }));
    server.use(http.post('*/api/admin/return/:id/receive', () => failure(409, 'This return is cancelled')));
    await openReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Mark received' }));
    expect(await within(actionsBox()).findByRole('alert')).toHaveTextContent('This return is cancelled');
  });
});

describe('Console return refunds', () => {
  const refundButton = () => within(actionsBox()).getByRole('button', { name: /^Refund/ });

  async function openRefund(change: Parameters<typeof adminReturn>[0] = {}) {
    const calls = returnApi(adminReturn({ status: 'received', ...change }));
    await openReturn();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    return calls;
  }

  it('prefills the estimate; including delivery adds its fee, leaving it out takes it off again', async () => {
    await openRefund();
    const amount = field('Amount');
    expect(amount).toHaveDisplayValue('41.70');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(refundButton()).toHaveTextContent('Refund ₹41.70');

    const delivery = field('Include delivery (₹100.00)');
    fireEvent.click(delivery);
    expect(delivery).toBeChecked();
    expect(amount).toHaveDisplayValue('141.70');
    expect(refundButton()).toHaveTextContent('Refund ₹141.70');
    fireEvent.click(delivery);
    expect(amount).toHaveDisplayValue('41.70');

    // It adds to what was typed, to the cent.
    fireEvent.change(amount, { target: { value: '12.1' } });
    expect(refundButton()).toHaveTextContent('Refund ₹12.10');
    fireEvent.click(delivery);
    expect(amount).toHaveDisplayValue('112.10');
    fireEvent.click(delivery);
    expect(amount).toHaveDisplayValue('12.10');
  });

  it('closes a return none of which came back with no amount: nothing is refunded', async () => {
    const calls = await openRefund({ refundEstimate: 0 });
    expect(within(actionsBox()).queryByLabelText('Amount')).not.toBeInTheDocument();
    expect(actionsBox()).toHaveTextContent('None of this return came back, so nothing is refunded for it.');
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Close the return' }));
    await waitFor(() => expect(calls).toEqual([{ path: MOVE('refund'), body: { includeDelivery: false } }]));
  });

  it('offers no delivery when the order paid none', async () => {
    await openRefund({ deliveryFee: 0 });
    expect(field('Amount')).toHaveDisplayValue('41.70');
    expect(within(actionsBox()).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks once more, then sends the amount and whether delivery is included, and shows the return refunded', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = await openRefund();
    fireEvent.click(field('Include delivery (₹100.00)'));
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Refund ₹141.70' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refund ₹141.70 for return R-000001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Refund ₹141.70' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund ₹141.70 for return R-000001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refunded ₹141.70')).toBeInTheDocument();
    expect(calls).toEqual([{ path: MOVE('refund'), body: { amount: 141.7, includeDelivery: true } }]);
    expect(success).toHaveBeenCalledWith('Return refunded');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actionsBox()).toHaveTextContent('Nothing more to do: this return is refunded.');
  });

  it('checks the amount before asking', async () => {
    const calls = await openRefund();
    for (const [typed, message] of [
      ['', 'Amount is required'],
      ['0', 'Amount must be more than 0 with at most two decimals'],
      ['1.005', 'Amount must be more than 0 with at most two decimals'],
    ]) {
      fireEvent.change(field('Amount'), { target: { value: typed } });
      fireEvent.click(refundButton());
      await waitFor(() => expect(field('Amount')).toHaveAccessibleDescription(message));
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal of the amount under Amount', async () => {
    await openRefund();
    server.use(http.post('*/api/admin/return/:id/refund', () => refusal(422, 'At most ₹41.70 can be refunded', { amount: 'At most ₹41.70 can be refunded' })));
    fireEvent.change(field('Amount'), { target: { value: '50' } });
    fireEvent.click(within(actionsBox()).getByRole('button', { name: 'Refund ₹50.00' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field('Amount')).toHaveAccessibleDescription('At most ₹41.70 can be refunded'));
    expect(field('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Amount')).toHaveDisplayValue('50');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the payment provider’s refusal as an alert, and keeps the form', async () => {
    await openRefund();
    server.use(http.post('*/api/admin/return/:id/refund', () => failure(409, 'The payment provider did not refund: the card has expired')));
    fireEvent.click(refundButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(actionsBox()).findByRole('alert')).toHaveTextContent('The payment provider did not refund: the card has expired');
    expect(field('Amount')).toHaveDisplayValue('41.70');
  });
});
