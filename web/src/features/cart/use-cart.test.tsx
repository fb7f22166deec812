import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/app/router';
import type { Item } from '@/api/types';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { catalogueHandlers, envelope, failure, item, product, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const ID = '0123456789abcdef01234567';
const SHOWN = product({ _id: ID, stock: 25 });
const RELATED = product({ _id: 'f'.repeat(24), name: 'A related tap' });

const store = () => useLocalStore.getState();

/** The product page's calls; `lists` are the signed-in shopper's cart and wishlist. */
function productHandlers(lists: { cart?: () => Item[]; wishlist?: () => Item[] } = {}) {
  return [
    http.get(`*/api/product/${ID}`, () => envelope({ product: SHOWN })),
    http.get('*/api/product', () => envelope({ products: [SHOWN, RELATED], total: 2, page: 1, perPage: 4 })),
    http.get(`*/api/review/product/${ID}`, () => envelope({ reviews: [], total: 0 })),
    http.get('*/api/user/item', ({ request }) =>
      envelope(new URL(request.url).searchParams.get('type') === 'wishlist' ? (lists.wishlist?.() ?? []) : (lists.cart?.() ?? [])),
    ),
    ...catalogueHandlers,
  ];
}

/** The product's own controls (the related cards have hearts too). */
async function controls() {
  const add = await screen.findByRole('button', { name: 'Add to Cart' });
  const row = add.parentElement!;
  return {
    add,
    stepper: within(row).getByRole('group', { name: 'Quantity' }),
    heart: () => within(row).getByRole('button', { name: /wishlist/ }),
  };
}

afterEach(resetStores);

describe('Add to Cart on the product page (guest)', () => {
  it('keeps the chosen quantity in the browser and says so after a second', async () => {
    const info = vi.spyOn(toast, 'info');
    server.use(...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    const { add, stepper } = await controls();
    fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    expect(stepper).toHaveTextContent('3');

    // Faked from here on: the page is loaded, and only the message's delay is left.
    vi.useFakeTimers();
    fireEvent.click(add);
    expect(store().cart).toEqual([{ productId: ID, quantity: 3 }]);
    expect(add).toHaveTextContent('Adding...');
    expect(add).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();

    // The message waits one second (spec): not at 999 ms, at 1000 ms.
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(info).not.toHaveBeenCalled();
    expect(add).toHaveTextContent('Adding...');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(info).toHaveBeenCalledWith('Item Added to Cart');
    expect(info).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await waitFor(() => expect(add).toHaveTextContent('Add to Cart'));
    expect(add).toBeEnabled();
  });

  it('adds a repeated product to the quantity already in the cart', async () => {
    store().addToCart(ID, 2);
    server.use(...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    const { add } = await controls();
    fireEvent.click(add);
    expect(store().cart).toEqual([{ productId: ID, quantity: 3 }]);
    await waitFor(() => expect(add).toHaveTextContent('Add to Cart'), { timeout: 2000 });
  });
});

describe('Add to Cart on the product page (signed in)', () => {
  beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));

  it('POSTs the product, quantity and type, and says it was added', async () => {
    const success = vi.spyOn(toast, 'success');
    let cart: Item[] = [];
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/user/item', async ({ request }) => {
        const body = (await request.json()) as { quantity: number };
        sent.push(body);
        cart = [item(SHOWN, { _id: 'c1'.padStart(24, '0'), quantity: body.quantity })];
        return HttpResponse.json({ success: true, message: 'Item added to cart successfully!', data: cart[0] }, { status: 201 });
      }),
      ...productHandlers({ cart: () => cart }),
    );
    renderRoutes(routes, `/product/${ID}`);
    const { add, stepper } = await controls();
    fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(add);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Item added to cart successfully!'));
    expect(sent).toEqual([{ productId: ID, quantity: 2, type: 'cart' }]);
    // Nothing goes to the browser store, and the header reads the refreshed server cart.
    expect(store().cart).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(add).toHaveTextContent('Add to Cart'));
  });

  it('shows the server message when the cart refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    server.use(
      http.post('*/api/user/item', () => failure(409, 'Only 25 left in stock, and 25 already in your cart')),
      ...productHandlers(),
    );
    renderRoutes(routes, `/product/${ID}`);
    const { add } = await controls();
    fireEvent.click(add);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Only 25 left in stock, and 25 already in your cart'));
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(add).toHaveTextContent('Add to Cart'));
  });
});

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
