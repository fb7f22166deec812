import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { catalogueHandlers, envelope, failure, gate, item, itemHandlers, ONE_VARIANT, product, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

// In stock, discounted, with an image.
const VALVE = product({ _id: '1'.padStart(24, '0'), name: 'Thermostatic Shower Valve', price: 80, discountPercentage: 25, discountedPrice: 60, stock: 6, rating: 4, reviewCount: 8 });
// Out of stock, full price, no image.
const WRENCH = product({ _id: '2'.padStart(24, '0'), name: 'Adjustable Pipe Wrench', price: 15, discountPercentage: 0, discountedPrice: 15, stock: 0, images: [], rating: 3.5, reviewCount: 2 });

const store = () => useLocalStore.getState();
/** A wishlist card, found by its name's title. */
const card = (name: string) => screen.getByTitle(name).closest('a')!.parentElement!;
const heading = () => screen.getByRole('heading', { level: 1 });

afterEach(resetStores);

describe('Wishlist page (guest)', () => {
  beforeEach(() => {
    server.use(...itemHandlers({ products: [VALVE, WRENCH] }), ...catalogueHandlers);
    store().addToWishlist({ productId: VALVE._id });
    store().addToWishlist({ productId: WRENCH._id });
  });

  it('shows a card per entry with rating, dollar price and image', async () => {
    renderRoutes(routes, '/wishlist');
    await screen.findByTitle('Thermostatic Shower Valve');
    expect(heading()).toHaveTextContent('Wishlist (2)');
    expect(screen.getByRole('link', { name: 'Wishlist, 2 items' })).toBeInTheDocument();

    const valve = card('Thermostatic Shower Valve');
    expect(within(valve).getByText('4.0/5 (8)')).toBeInTheDocument();
    expect(within(valve).getByText('$60.00')).toBeInTheDocument();
    expect(within(valve).getByText('$80.00')).toHaveClass('line-through');
    expect(within(valve).getByRole('img', { name: 'Thermostatic Shower Valve' })).toHaveAttribute('src', '/media/demo/faucet-chrome-0.svg');
    expect(within(valve).queryByText('No Image Available')).not.toBeInTheDocument();
    expect(within(valve).getByRole('link')).toHaveAttribute('href', `/product/${VALVE._id}?variant=${ONE_VARIANT}`);

    const wrench = card('Adjustable Pipe Wrench');
    expect(within(wrench).getByText('3.5/5 (2)')).toBeInTheDocument();
    expect(within(wrench).getByText('$15.00')).toBeInTheDocument();
    // No discount: no struck-through price.
    expect(wrench.querySelector('.line-through')).toBeNull();
    expect(within(wrench).getByText('No Image Available')).toBeInTheDocument();
    expect(within(wrench).queryByRole('img')).not.toBeInTheDocument();
    expect(within(wrench).getByText('Out of Stock')).toBeInTheDocument();
  });

  it('removes an entry with its heart and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    renderRoutes(routes, '/wishlist');
    await screen.findByTitle('Thermostatic Shower Valve');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Thermostatic Shower Valve from wishlist' }));
    await waitFor(() => expect(screen.queryByTitle('Thermostatic Shower Valve')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Thermostatic Shower Valve has been removed from your wishlist.');
    expect(store().wishlist).toEqual([{ productId: WRENCH._id }]);
    expect(heading()).toHaveTextContent('Wishlist (1)');
    expect(screen.getByTitle('Adjustable Pipe Wrench')).toBeInTheDocument();
  });

  it('moves the in-stock entries into the browser cart and keeps the out-of-stock one', async () => {
    const success = vi.spyOn(toast, 'success');
    const info = vi.spyOn(toast, 'info');
    renderRoutes(routes, '/wishlist');
    await screen.findByTitle('Thermostatic Shower Valve');
    fireEvent.click(screen.getByRole('button', { name: 'Move All To Bag' }));
    await waitFor(() => expect(info).toHaveBeenCalled());
    expect(screen.queryByTitle('Thermostatic Shower Valve')).not.toBeInTheDocument();
    expect(store().cart).toEqual([{ productId: VALVE._id, quantity: 1, variantId: ONE_VARIANT }]);
    expect(store().wishlist).toEqual([{ productId: WRENCH._id }]);
    expect(screen.getByTitle('Adjustable Pipe Wrench')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Wishlist (1)');
    expect(success).toHaveBeenCalledWith('Moved 1 item to your cart');
    expect(info).toHaveBeenCalledWith('1 out-of-stock item stays on your wishlist');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    // Only an out-of-stock entry is left: nothing more to move.
    expect(await screen.findByRole('button', { name: 'Move All To Bag' })).toBeDisabled();
  });

  it('says when the wishlist is empty', async () => {
    store().clear();
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Wishlist (0)');
    expect(screen.getByRole('button', { name: 'Move All To Bag' })).toBeDisabled();
  });
});

describe('Wishlist page (signed in)', () => {
  beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));

  it('says Loading... while the wishlist is on its way, then shows it', async () => {
    const { held, release: answer } = gate();
    server.use(
      http.get('*/api/user/item', async ({ request }) => {
        if (new URL(request.url).searchParams.get('type') !== 'wishlist') return envelope([]);
        await held;
        return envelope([item(VALVE, { _id: 'w1'.padStart(24, '0') })]);
      }),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByText('Loading...')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Your wishlist is empty')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByTitle('Thermostatic Shower Valve')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(heading()).toHaveTextContent('Wishlist (1)');
  });

  it('shows the error when the wishlist fails to load', async () => {
    server.use(http.get('*/api/user/item', () => failure(500, 'Wishlist service is down')), ...catalogueHandlers);
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Wishlist service is down');
    expect(screen.queryByText('Your wishlist is empty')).not.toBeInTheDocument();
  });
});
