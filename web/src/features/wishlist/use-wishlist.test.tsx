import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth';
import { controls, ID, productHandlers, RELATED, SHOWN, store } from '@/testing/product-page';
import { envelope, failure, item, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

// The product page's code is loaded once up front: its first lazy load can outlast a
// wait's one second on a busy machine.
beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/routes/product')]));
afterEach(resetStores);

describe('The wishlist heart on the product page', () => {
  it('flips at once for a signed-in shopper, and back when the server refuses', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    let answer!: (response: Response) => void;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/user/item', async ({ request }) => {
        sent.push(await request.json());
        return held;
      }),
      // The related tap is already on the wishlist.
      ...productHandlers({ wishlist: () => [item(RELATED, { _id: 'w1'.padStart(24, '0') })] }),
    );
    renderRoutes(routes, `/product/${ID}`);
    const { heart } = await controls();
    // The related card's heart is pressed once the wishlist has loaded, so the flip
    // below cannot be overwritten by the first load.
    const related = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(related).toHaveAttribute('aria-pressed', 'true');
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();

    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(heart()).toHaveAccessibleName('Remove from wishlist');
    await waitFor(() => expect(sent).toEqual([{ productId: ID, quantity: 1, type: 'wishlist' }]));
    expect(error).not.toHaveBeenCalled();

    answer(failure(409, 'Item already in wishlist'));
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(error).toHaveBeenCalledWith('Item already in wishlist');
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });

  it('stays flipped when the wishlist, still loading at the click, answers first', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    let firstLoad!: (response: Response) => void;
    let answerAdd!: (response: Response) => void;
    let loads = 0;
    server.use(
      http.get('*/api/user/item', ({ request }) => {
        if (new URL(request.url).searchParams.get('type') !== 'wishlist') return envelope([]);
        loads += 1;
        // The first load is held; later ones see the product added.
        return loads === 1 ? new Promise<Response>((resolve) => (firstLoad = resolve)) : envelope([item(SHOWN, { _id: 'w2'.padStart(24, '0') })]);
      }),
      http.post('*/api/user/item', () => new Promise<Response>((resolve) => (answerAdd = resolve))),
      ...productHandlers(),
    );
    renderRoutes(routes, `/product/${ID}`);
    const { heart } = await controls();
    await waitFor(() => expect(loads).toBe(1));
    fireEvent.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(answerAdd).toBeDefined());
    // The load that began before the click answers without the product: the heart holds.
    firstLoad(envelope([]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    answerAdd(envelope(item(SHOWN, { _id: 'w2'.padStart(24, '0') }), 'Added to wishlist'));
    await waitFor(() => expect(loads).toBe(2));
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
  });

  it('adds to the browser store for a guest and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    server.use(...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    const { heart } = await controls();
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart());
    expect(store().wishlist).toEqual([{ productId: ID }]);
    expect(success).toHaveBeenCalledWith('Added to wishlist');
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });
});
