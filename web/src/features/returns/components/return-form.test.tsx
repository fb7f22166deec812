import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import { order } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, failure, server, unexpected } from '@/testing/server';
import type { Return, ReturnRequest } from '../api/types';
import {
  aReturn,
  type Asked,
  COMPLETED,
  ELBOW_VARIANT,
  fileParts,
  GUEST_FORM_PAGE,
  nodeFormData,
  ORDER_NUMBER,
  ORDER_TOKEN,
  orderHandlers,
  orderReturns,
  RETURN_ID,
  returnHandler,
  VALVE_VARIANT,
} from '../testing/fixtures';

const ELBOW = 'Compression elbow, Size: 22 mm · Finish: Chrome';
const line = (name: string) => within(screen.getByRole('list', { name: 'Items' })).getByRole('listitem', { name });
const inLine = (name: string, label: string) => within(line(name)).getByLabelText(label) as HTMLSelectElement;
const choose = (name: string, { quantity, reason }: { quantity?: number; reason?: string } = {}) => {
  fireEvent.click(within(line(name)).getByRole('checkbox', { name: new RegExp(`^Return this item: ${name}`) }));
  if (quantity) fireEvent.change(inLine(name, 'Quantity'), { target: { value: String(quantity) } });
  if (reason) fireEvent.change(inLine(name, 'Reason'), { target: { value: reason } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Request return' }));
/** The error shown under the select or textarea `field`. */
const errorOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
const photo = (name: string, type = 'image/png') => new NodeFile(['PNG!'], name, { type }) as unknown as File;
const pickPhotos = (files: File[]) => fireEvent.change(screen.getByLabelText('Photos (up to 5)'), { target: { files } });
const formShown = () => screen.findByRole('form', { name: 'Return items' });

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/routes/order-return'), import('@/app/routes/return')]));
beforeEach(() => server.use(...catalogueHandlers));
afterEach(resetStores);

/** POST /order/{number}/return answering `answer` (by default, 201 with the return);
 * what was sent, and with which token, goes in `sent`. */
function requestHandler(sent: { body: ReturnRequest; token: string | null }[], answer: () => Response = () => HttpResponse.json({ success: true, message: 'Return requested', data: { return: aReturn({ photos: [] }) } }, { status: 201 })) {
  return http.post(`*/api/order/${ORDER_NUMBER}/return`, async ({ request }) => {
    sent.push({ body: (await request.json()) as ReturnRequest, token: new URL(request.url).searchParams.get('token') });
    return answer();
  });
}

describe('The return form (/orders/{number}/return)', () => {
  beforeEach(() => server.use(...orderHandlers(() => COMPLETED, () => orderReturns())));

  it('lists each line that can go back, with its options, a checkbox, a quantity up to what is left and the reasons', async () => {
    renderRoutes(routes, GUEST_FORM_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Return items' })).toBeInTheDocument();
    await formShown();
    const lines = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    // The tape is all being returned already.
    expect(lines.map((l) => l.getAttribute('aria-label'))).toEqual(['Brass Angle Valve', ELBOW]);
    expect(line(ELBOW)).toHaveTextContent('Size: 22 mm · Finish: Chrome');
    expect(within(line('Brass Angle Valve')).getByRole('checkbox', { name: 'Return this item: Brass Angle Valve' })).not.toBeChecked();
    expect(Array.from(inLine('Brass Angle Valve', 'Quantity').options).map((o) => o.textContent)).toEqual(['1', '2']);
    expect(Array.from(inLine(ELBOW, 'Quantity').options).map((o) => o.textContent)).toEqual(['1']);
    expect(Array.from(inLine(ELBOW, 'Reason').options).map((o) => o.textContent)).toEqual([
      'Choose a reason',
      'Wrong item sent',
      'Wrong size',
      'Arrived damaged',
      'Faulty',
      'No longer needed',
      'Other',
    ]);
    expect(inLine(ELBOW, 'Reason')).toBeDisabled();
    expect(screen.getByText('Required when the reason is Other')).toBeInTheDocument();
    expect(screen.getByText(/You can return items until/)).toHaveTextContent('You can return items until Apr 02, 2026');
    expect(screen.getByLabelText('Photos (up to 5)')).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByRole('link', { name: `Back to order #${ORDER_NUMBER}` })).toHaveAttribute('href', `/orders/${ORDER_NUMBER}?token=${encodeURIComponent(ORDER_TOKEN)}`);
  });

  it('checks what the server would before sending: an item, a reason for each, a note for Other', async () => {
    const post = unexpected('post', `*/api/order/${ORDER_NUMBER}/return`);
    server.use(post.handler);
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    submit();
    expect(await screen.findByText('Choose at least one item to return')).toBeInTheDocument();

    choose('Brass Angle Valve');
    expect(screen.queryByText('Choose at least one item to return')).not.toBeInTheDocument();
    submit();
    await waitFor(() => expect(errorOf(inLine('Brass Angle Valve', 'Reason'))).toBe('Choose a reason'));
    expect(inLine('Brass Angle Valve', 'Reason')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(inLine('Brass Angle Valve', 'Reason'), { target: { value: 'other' } });
    expect(errorOf(inLine('Brass Angle Valve', 'Reason'))).toBeUndefined();
    submit();
    const note = screen.getByLabelText('Note');
    await waitFor(() => expect(errorOf(note)).toBe('Tell us what is wrong when the reason is Other'));
    fireEvent.change(note, { target: { value: '   ' } });
    submit();
    await waitFor(() => expect(errorOf(note)).toBe('Tell us what is wrong when the reason is Other'));
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('sends the lines chosen with the token, adds each photo after, and opens the return’s page', async () => {
    const sent: { body: ReturnRequest; token: string | null }[] = [];
    const uploads: { parts: Awaited<ReturnType<typeof fileParts>>; token: string | null }[] = [];
    let current: Return = aReturn({ photos: [] });
    server.use(
      requestHandler(sent, () => HttpResponse.json({ success: true, message: 'Return requested', data: { return: current } }, { status: 201 })),
      http.post(`*/api/return/${RETURN_ID}/photo`, async ({ request }) => {
        uploads.push({ parts: await fileParts(request), token: new URL(request.url).searchParams.get('token') });
        current = { ...current, photos: [...current.photos, `https://media.example/returns/r/${current.photos.length + 1}.png`] };
        return envelope({ return: current }, 'Photo added');
      }),
      returnHandler(() => current),
    );
    vi.stubGlobal('FormData', await nodeFormData());
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    choose('Brass Angle Valve', { quantity: 2, reason: 'wrong_size' });
    choose(ELBOW, { reason: 'damaged' });
    // Chosen, then left out: not sent.
    choose(ELBOW);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: '  Too small for the pipe  ' } });
    pickPhotos([photo('front.png'), photo('side.jpg', 'image/jpeg')]);
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['front.png', 'side.jpg']);
    submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Return R-000001' })).toBeInTheDocument();
    expect(sent).toEqual([{ body: { lines: [{ variantId: VALVE_VARIANT, quantity: 2, reason: 'wrong_size' }], note: 'Too small for the pipe' }, token: ORDER_TOKEN }]);
    expect(uploads).toEqual([
      { parts: [{ name: 'photo', filename: 'front.png', type: 'image/png' }], token: ORDER_TOKEN },
      { parts: [{ name: 'photo', filename: 'side.jpg', type: 'image/jpeg' }], token: ORDER_TOKEN },
    ]);
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByText(/Some photos could not be added/)).not.toBeInTheDocument();
  });

  it('keeps at most 5 photos, and says so', async () => {
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    pickPhotos([photo('1.png'), photo('2.png'), photo('3.png')]);
    pickPhotos([photo('4.png'), photo('5.png'), photo('6.png')]);
    expect(await screen.findByText('You can add at most 5 photos')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('img')).toHaveLength(5);
    expect(screen.getByLabelText('Photos (up to 5)')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove 2.png' }));
    expect(screen.queryByText('You can add at most 5 photos')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['1.png', '3.png', '4.png', '5.png']);
    pickPhotos([photo('notes.pdf', 'application/pdf')]);
    expect(await screen.findByText('Photos must be JPEG, PNG, GIF or WebP images')).toBeInTheDocument();
  });

  it('still opens the return when a photo is refused, and says some could not be added', async () => {
    let current: Return = aReturn({ photos: [] });
    let calls = 0;
    server.use(
      requestHandler([], () => HttpResponse.json({ success: true, message: 'Return requested', data: { return: current } }, { status: 201 })),
      http.post(`*/api/return/${RETURN_ID}/photo`, () => {
        calls += 1;
        if (calls === 2) return failure(422, 'This image cannot be read');
        current = { ...current, photos: [...current.photos, `https://media.example/returns/r/${calls}.png`] };
        return envelope({ return: current }, 'Photo added');
      }),
      returnHandler(() => current),
    );
    vi.stubGlobal('FormData', await nodeFormData());
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    choose('Brass Angle Valve', { reason: 'faulty' });
    pickPhotos([photo('a.png'), photo('b.png'), photo('c.png')]);
    submit();
    expect(await screen.findByText(/Some photos could not be added/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Return R-000001' })).toBeInTheDocument();
    expect(calls).toBe(3);
    const shown = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img');
    expect(shown.map((img) => img.getAttribute('src'))).toEqual(['https://media.example/returns/r/1.png', 'https://media.example/returns/r/3.png']);
  });
});

describe('What the server refuses, on the return form', () => {
  beforeEach(() => server.use(...orderHandlers(() => COMPLETED, () => orderReturns())));

  it('shows field errors under the line they name (by its place among those sent)', async () => {
    server.use(
      requestHandler([], () =>
        HttpResponse.json(
          { success: false, message: 'Please correct the highlighted fields', errors: { 'lines[1].quantity': 'Quantity must be a whole number from 1 to 999', note: 'A note may be at most 1000 characters' } },
          { status: 400 },
        ),
      ),
    );
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    choose('Brass Angle Valve', { reason: 'wrong_size' });
    choose(ELBOW, { reason: 'damaged' });
    submit();
    await waitFor(() => expect(errorOf(inLine(ELBOW, 'Quantity'))).toBe('Quantity must be a whole number from 1 to 999'));
    expect(errorOf(inLine('Brass Angle Valve', 'Quantity'))).toBeUndefined();
    expect(errorOf(screen.getByLabelText('Note'))).toBe('A note may be at most 1000 characters');
    // The fields say what is wrong: nothing at the top.
    expect(screen.queryByText('Please correct the highlighted fields')).not.toBeInTheDocument();
  });

  it('shows a 422 under the line whose variant it names, and asks again what can be returned', async () => {
    const asked: Asked[] = [];
    let left = 2;
    server.use(
      ...orderHandlers(() => COMPLETED, () => orderReturns({ returnable: [{ variantId: VALVE_VARIANT, quantity: left }, { variantId: ELBOW_VARIANT, quantity: 1 }] }), asked),
      requestHandler([], () => {
        left = 1;
        return HttpResponse.json({ success: false, message: 'You can return at most 1 of this item', errors: { [VALVE_VARIANT]: 'You can return at most 1 of this item' } }, { status: 422 });
      }),
    );
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    choose('Brass Angle Valve', { quantity: 2, reason: 'wrong_size' });
    submit();
    expect(await within(line('Brass Angle Valve')).findByText('You can return at most 1 of this item')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Asked again: now one can go back, and the choice is kept within it.
    await waitFor(() => expect(Array.from(inLine('Brass Angle Valve', 'Quantity').options).map((o) => o.textContent)).toEqual(['1']));
    expect(inLine('Brass Angle Valve', 'Quantity')).toHaveValue('1');
    expect(inLine('Brass Angle Valve', 'Reason')).toHaveValue('wrong_size');
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('says a 409 at the top of the form', async () => {
    server.use(requestHandler([], () => failure(409, 'The return window for this order has closed')));
    renderRoutes(routes, GUEST_FORM_PAGE);
    await formShown();
    choose(ELBOW, { reason: 'not_needed' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The return window for this order has closed');
    expect(screen.getByRole('form', { name: 'Return items' }).firstElementChild).toHaveAttribute('role', 'alert');
  });
});

describe('When the form cannot be offered', () => {
  it('says why: not completed, the window closed, nothing left', async () => {
    let current = order({ status: 'placed' });
    let answer = orderReturns({ returnableUntil: null });
    server.use(...orderHandlers(() => current, () => answer));
    let view = renderRoutes(routes, GUEST_FORM_PAGE);
    expect(await screen.findByText('Only a completed order can be returned')).toBeInTheDocument();
    view.unmount();

    current = COMPLETED;
    view = renderRoutes(routes, GUEST_FORM_PAGE);
    expect(await screen.findByText('The return window for this order has closed')).toBeInTheDocument();
    view.unmount();

    answer = orderReturns({ returnable: [] });
    renderRoutes(routes, GUEST_FORM_PAGE);
    expect(await screen.findByText('Everything in this order is already being returned')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says when the link does not open the order, and leads to Track your order', async () => {
    server.use(...orderHandlers(() => COMPLETED, () => orderReturns()));
    renderRoutes(routes, `/orders/${ORDER_NUMBER}/return?token=tampered`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order not found');
    expect(within(alert).getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/track-order');
  });
});
