import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Item } from '@/api/types';
import { Announcer } from '@/components/layout/announcer';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';
import { renderWithRouter, resetStores } from '@/testing/render';
import { item, product, server, user } from '@/testing/server';
import { useLocalStore } from '../local-store';
import { quickAddAction } from './quick-add';

afterEach(resetStores);

const store = () => useLocalStore.getState();
const TAP = product({ name: 'Copper elbow 15 mm', stock: 5 });

/** A card's 'Add', and the page's live region. */
function renderCard(shown = TAP) {
  return renderWithRouter(
    <>
      {quickAddAction(shown)}
      <Announcer />
    </>,
  );
}

describe("A card's Add", () => {
  it('puts one of the product in a guest’s cart and says so', async () => {
    renderCard();
    const add = screen.getByRole('button', { name: 'Add Copper elbow 15 mm to cart' });
    expect(add).toHaveTextContent(/^Add$/);
    add.focus();
    fireEvent.click(add);
    expect(await screen.findByTestId('announcer')).toHaveTextContent('Added 1 × Copper elbow 15 mm to your cart');
    expect(store().cart).toEqual([{ productId: TAP._id, quantity: 1 }]);
    // Busy, it keeps focus (aria-disabled), and a second click adds nothing.
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveTextContent('Adding...');
    fireEvent.click(add);
    expect(store().cart).toEqual([{ productId: TAP._id, quantity: 1 }]);
    expect(add).toHaveFocus();
    await waitFor(() => expect(add).toHaveTextContent(/^Add$/), { timeout: 2000 });
    fireEvent.click(add);
    await waitFor(() => expect(store().cart).toEqual([{ productId: TAP._id, quantity: 2 }]));
  });

  it('keeps to the stock: the cart refuses what is not there, and says why', async () => {
    const error = vi.spyOn(toast, 'error');
    store().addToCart({ productId: TAP._id }, 5, 5);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Add Copper elbow 15 mm to cart' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Only 5 left in stock, and 5 already in your cart'));
    expect(screen.getByTestId('announcer')).toHaveTextContent('Copper elbow 15 mm was not added to your cart: Only 5 left in stock');
    expect(store().cart).toEqual([{ productId: TAP._id, quantity: 5 }]);
  });

  it('is a disabled ‘Out of stock’ when there is none', () => {
    renderCard(product({ name: 'Copper elbow 15 mm', stock: 0 }));
    const button = screen.getByRole('button', { name: 'Copper elbow 15 mm is out of stock' });
    expect(button).toHaveTextContent('Out of stock');
    expect(button).toBeDisabled();
  });

  it('adds to a signed-in shopper’s cart on the server', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    const success = vi.spyOn(toast, 'success');
    const sent: unknown[] = [];
    let cart: Item[] = [];
    server.use(
      http.get('*/api/user/item', () => HttpResponse.json({ success: true, message: 'ok', data: cart })),
      http.post('*/api/user/item', async ({ request }) => {
        sent.push(await request.json());
        cart = [item(TAP, { quantity: 1 })];
        return HttpResponse.json({ success: true, message: 'Item added to cart successfully!', data: cart[0] }, { status: 201 });
      }),
    );
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Add Copper elbow 15 mm to cart' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Item added to cart successfully!'));
    expect(sent).toEqual([{ productId: TAP._id, quantity: 1, type: 'cart' }]);
    expect(screen.getByTestId('announcer')).toHaveTextContent('Added 1 × Copper elbow 15 mm to your cart');
  });

  it('opens the product page to choose a variant when the product has several, adding nothing', () => {
    const elbow = { ...TAP, priceRange: { min: 2.9, max: 6.75 } };
    renderCard(elbow);
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    const choose = screen.getByRole('link', { name: 'Choose options for Copper elbow 15 mm' });
    expect(choose).toHaveTextContent('Choose');
    expect(choose).toHaveAttribute('href', `/product/${TAP._id}`);
    fireEvent.click(choose);
    expect(store().cart).toEqual([]);
  });
});
