import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, failure, gate, server, user } from '@/testing/server';
import type { Return } from '../api/types';
import { aReturn, type Asked, ELBOW_VARIANT, fileParts, GUEST_RETURN_PAGE, nodeFormData, ORDER_NUMBER, ORDER_TOKEN, RETURN_ID, returnHandler } from '../testing/fixtures';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Return R-000001' });
const timeline = () => within(screen.getByRole('list', { name: 'Return status' })).getAllByRole('listitem').map((step) => step.textContent);
const photos = () => within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img');

const REFUNDED = aReturn({
  status: 'refunded',
  note: '',
  photos: [],
  lines: [
    { ...aReturn().lines[0], quantity: 2, received: 1, restocked: 1 },
    { variantId: ELBOW_VARIANT, productId: '2'.padStart(24, '0'), sku: null, name: 'Compression elbow', options: { Size: '22 mm' }, quantity: 1, reason: 'damaged', received: 1, restocked: 0 },
  ],
  refundEstimate: 17,
  refunded: 17,
  events: [
    { type: 'requested', at: '2026-03-04T09:00:00Z', note: null },
    { type: 'approved', at: '2026-03-05T09:00:00Z', note: null },
    { type: 'received', at: '2026-03-07T09:00:00Z', note: null },
    { type: 'refunded', at: '2026-03-08T09:00:00Z', note: null },
  ],
});

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/routes/return')]));
beforeEach(() => server.use(...catalogueHandlers));
afterEach(resetStores);

describe('A return’s page (/returns/{id})', () => {
  it('shows a return just asked for: its order, lines, note, photos, estimate and timeline, with the token', async () => {
    const asked: Asked[] = [];
    server.use(returnHandler(() => aReturn({ photos: ['https://media.example/1.jpg', 'https://media.example/2.jpg'] }), asked));
    renderRoutes(routes, GUEST_RETURN_PAGE);
    await heading();
    expect(asked).toEqual([{ token: ORDER_TOKEN, authorization: null }]);
    expect(document.title).toBe('Return R-000001 | Shop');
    expect(screen.getByText(/Requested on/)).toHaveTextContent('Requested on Mar 04, 2026 · Status: Requested');
    expect(screen.getByRole('link', { name: `#${ORDER_NUMBER}` })).toHaveAttribute('href', `/orders/${ORDER_NUMBER}?token=${encodeURIComponent(ORDER_TOKEN)}`);
    const valve = within(screen.getByRole('list', { name: 'Items' })).getByRole('listitem', { name: 'Brass Angle Valve' });
    expect(valve).toHaveTextContent('SKU: BAV-12');
    expect(valve).toHaveTextContent('Quantity: 1 · Reason: Wrong size');
    expect(valve).not.toHaveTextContent('came back');
    expect(screen.getByRole('region', { name: 'Your note' })).toHaveTextContent('Too small for the pipe');
    expect(photos().map((img) => [img.getAttribute('alt'), img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')])).toEqual([
      ['Photo 1 of the return', 'https://media.example/1.jpg', '96', '96'],
      ['Photo 2 of the return', 'https://media.example/2.jpg', '96', '96'],
    ]);
    expect(screen.getByText('Estimated refund ₹12.50')).toBeInTheDocument();
    expect(timeline()).toEqual(['RequestedMar 04, 2026']);
    expect(screen.getByRole('button', { name: 'Cancel return' })).toBeInTheDocument();
    expect(screen.getByLabelText('Add a photo')).toBeInTheDocument();
  });

  it('once refunded: what came back, Refunded with the amount, every step, and nothing more to do', async () => {
    server.use(returnHandler(() => REFUNDED));
    renderRoutes(routes, GUEST_RETURN_PAGE);
    await heading();
    const lines = within(screen.getByRole('list', { name: 'Items' }));
    expect(lines.getByRole('listitem', { name: 'Brass Angle Valve' })).toHaveTextContent('Quantity: 2 · Reason: Wrong size1 came back');
    expect(lines.getByRole('listitem', { name: 'Compression elbow' })).toHaveTextContent('Size: 22 mmQuantity: 1 · Reason: Arrived damaged1 came back');
    expect(screen.getByText('Refunded ₹17.00')).toBeInTheDocument();
    expect(screen.queryByText(/Estimated refund/)).not.toBeInTheDocument();
    expect(timeline()).toEqual(['RequestedMar 04, 2026', 'ApprovedMar 05, 2026', 'ReceivedMar 07, 2026', 'RefundedMar 08, 2026']);
    expect(screen.queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument();
    // No note, no photos: no sections for them.
    expect(screen.queryByRole('region', { name: 'Your note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photos' })).not.toBeInTheDocument();
  });

  it('says why staff rejected it, and promises no refund', async () => {
    const rejected = aReturn({ status: 'rejected', reason: 'The seal has been used', events: [...aReturn().events, { type: 'rejected', at: '2026-03-05T09:00:00Z', note: 'The seal has been used' }] });
    server.use(returnHandler(() => rejected));
    renderRoutes(routes, GUEST_RETURN_PAGE);
    await heading();
    expect(screen.getByText('Rejected: The seal has been used')).toBeInTheDocument();
    expect(screen.queryByText(/refund/i)).not.toBeInTheDocument();
    expect(timeline()).toEqual(['RequestedMar 04, 2026', 'RejectedMar 05, 2026The seal has been used']);
    expect(screen.queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
  });

  it('while approved, offers a photo but no cancelling', async () => {
    server.use(returnHandler(() => aReturn({ status: 'approved', events: [...aReturn().events, { type: 'approved', at: '2026-03-05T09:00:00Z', note: null }] })));
    renderRoutes(routes, GUEST_RETURN_PAGE);
    await heading();
    expect(screen.getByText(/Status:/)).toHaveTextContent('Status: Approved');
    expect(screen.getByLabelText('Add a photo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
  });

  it('opens with the bearer alone for its signed-in shopper, the order’s link without a token', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    const asked: Asked[] = [];
    server.use(returnHandler(() => aReturn(), asked));
    renderRoutes(routes, `/returns/${RETURN_ID}`);
    await heading();
    expect(asked).toEqual([{ token: null, authorization: 'Bearer token-123' }]);
    expect(screen.getByRole('link', { name: `#${ORDER_NUMBER}` })).toHaveAttribute('href', `/orders/${ORDER_NUMBER}`);
  });

  it('says Return not found when the link does not open it', async () => {
    server.use(returnHandler(() => aReturn()));
    renderRoutes(routes, `/returns/${RETURN_ID}?token=tampered`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Return not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/track-order');
  });
});

describe('Cancelling a return', () => {
  const CANCELLED = aReturn({ status: 'cancelled', events: [...aReturn().events, { type: 'cancelled', at: '2026-03-05T12:00:00Z', note: null }] });

  it('asks first; Keep changes nothing, Yes cancels it with the token and shows it cancelled', async () => {
    const success = vi.spyOn(toast, 'success');
    const { held, release } = gate();
    const cancels: (string | null)[] = [];
    let current = aReturn();
    server.use(
      returnHandler(() => current),
      http.post(`*/api/return/${RETURN_ID}/cancel`, async ({ request }) => {
        cancels.push(new URL(request.url).searchParams.get('token'));
        await held;
        current = CANCELLED;
        return envelope({ return: CANCELLED }, 'Return cancelled');
      }),
    );
    renderRoutes(routes, GUEST_RETURN_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel return' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this return?' });
    expect(dialog).toHaveTextContent('Return R-000001 will be cancelled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel return' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this return?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel return' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelling...' })).toBeDisabled());
    release();
    await waitFor(() => expect(timeline()).toEqual(['RequestedMar 04, 2026', 'CancelledMar 05, 2026']));
    expect(cancels).toEqual([ORDER_TOKEN]);
    expect(success).toHaveBeenCalledWith('Return R-000001 has been cancelled');
    expect(screen.getByText(/Status:/)).toHaveTextContent('Status: Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument();
    expect(screen.queryByText(/Estimated refund/)).not.toBeInTheDocument();
  });

  it('says why when staff have moved it on, and shows where it stands', async () => {
    const error = vi.spyOn(toast, 'error');
    let current = aReturn();
    server.use(
      returnHandler(() => current),
      http.post(`*/api/return/${RETURN_ID}/cancel`, () => {
        current = aReturn({ status: 'approved' });
        return failure(409, 'This return is approved');
      }),
    );
    renderRoutes(routes, GUEST_RETURN_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel return' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel return' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This return is approved'));
    await waitFor(() => expect(screen.getByText(/Status:/)).toHaveTextContent('Status: Approved'));
  });
});

describe('Adding a photo to a return', () => {
  it('sends the one file chosen with the token, shows it, and hides the input at 5 photos', async () => {
    const uploads: { parts: Awaited<ReturnType<typeof fileParts>>; token: string | null }[] = [];
    let current: Return = aReturn({ photos: ['1', '2', '3'].map((n) => `https://media.example/${n}.jpg`) });
    server.use(
      returnHandler(() => current),
      http.post(`*/api/return/${RETURN_ID}/photo`, async ({ request }) => {
        uploads.push({ parts: await fileParts(request), token: new URL(request.url).searchParams.get('token') });
        current = { ...current, photos: [...current.photos, `https://media.example/${current.photos.length + 1}.jpg`] };
        return envelope({ return: current }, 'Photo added');
      }),
    );
    vi.stubGlobal('FormData', await nodeFormData());
    renderRoutes(routes, GUEST_RETURN_PAGE);
    await heading();
    expect(photos()).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [new NodeFile(['GIF8'], 'crack.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(photos()).toHaveLength(4));
    expect(uploads).toEqual([{ parts: [{ name: 'photo', filename: 'crack.gif', type: 'image/gif' }], token: ORDER_TOKEN }]);
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [new NodeFile(['WEBP'], 'box.webp', { type: 'image/webp' })] } });
    await waitFor(() => expect(photos()).toHaveLength(5));
    expect(photos()[4]).toHaveAttribute('alt', 'Photo 5 of the return');
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument();
  });

  it('says why the server refused it, and sends no file of another type', async () => {
    const sent: unknown[] = [];
    server.use(
      returnHandler(() => aReturn()),
      http.post(`*/api/return/${RETURN_ID}/photo`, () => (sent.push(1), failure(413, 'Each image must be at most 10 MB'))),
    );
    vi.stubGlobal('FormData', await nodeFormData());
    renderRoutes(routes, GUEST_RETURN_PAGE);
    await heading();
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [new NodeFile(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Photos must be JPEG, PNG, GIF or WebP images');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [new NodeFile(['JPEG'], 'big.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Each image must be at most 10 MB'));
    expect(sent).toEqual([1]);
    expect(photos()).toHaveLength(1);
  });
});
