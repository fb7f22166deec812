import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import type { Item } from '@/api/types';
import { useAuth } from '@/features/auth';
import { controls, ID, productHandlers, SHOWN, store } from '@/testing/product-page';
import { envelope, failure, item, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

// Nothing goes with the product ('You'll also need').
beforeEach(() => server.use(http.get('*/api/product/:id/related', () => envelope({ products: [] }, 'Related products'))));
afterEach(resetStores);

describe('Add to Cart on the product page (guest)', () => {
  it('keeps the chosen quantity in the browser and says so after a second', async () => {
    const info = vi.spyOn(toast, 'info');
    server.use(...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    const { add, stepper } = await controls();
    fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    expect(within(stepper).getByRole('spinbutton')).toHaveValue('3');

    // Faked from here on: the page is loaded, and only the message's delay is left.
    vi.useFakeTimers();
    add.focus();
    fireEvent.click(add);
    expect(store().cart).toEqual([{ productId: ID, quantity: 3 }]);
    expect(add).toHaveTextContent('Adding...');
    // Busy but never disabled, which would drop a keyboard shopper's focus to the page.
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveFocus();
    fireEvent.click(add);
    expect(store().cart).toEqual([{ productId: ID, quantity: 3 }]);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();

    // The message waits one second (spec): not at 999 ms, at 1000 ms.
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(info).not.toHaveBeenCalled();
    // The page's live region says it at once, while focus stays on the button.
    expect(screen.getByTestId('announcer')).toHaveTextContent(`Added 3 × ${SHOWN.name} to your cart`);
    expect(add).toHaveTextContent('Adding...');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(info).toHaveBeenCalledWith('Item Added to Cart');
    expect(info).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await waitFor(() => expect(add).toHaveTextContent('Add to Cart'));
    expect(add).toBeEnabled();
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).toHaveFocus();
  });

  it('adds a repeated product to the quantity already in the cart', async () => {
    store().addToCart({ productId: ID }, 2);
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
    expect(screen.getByTestId('announcer')).toHaveTextContent(`Added 2 × ${SHOWN.name} to your cart`);
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
    expect(screen.getByTestId('announcer')).toHaveTextContent(`${SHOWN.name} was not added to your cart: Only 25 left in stock, and 25 already in your cart`);
    await waitFor(() => expect(add).toHaveTextContent('Add to Cart'));
  });
});
