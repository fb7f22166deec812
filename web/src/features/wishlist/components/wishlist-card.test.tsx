import { screen } from '@testing-library/react';
import { usePriceReadingStore } from '@/features/shop';
import { renderWithRouter, resetStores } from '@/testing/render';
import { item, product } from '@/testing/server';
import { WishlistCard } from './wishlist-card';

afterEach(resetStores);

describe('WishlistCard', () => {
  it("shows a trade customer's own price, and the public list price struck through", async () => {
    renderWithRouter(<WishlistCard item={item(product({ price: 40, discountedPrice: 34, listPrice: 40 }))} pending={false} onRemove={() => {}} />);
    expect(await screen.findByText('Your price')).toBeInTheDocument();
    expect(screen.getByText('$34.00')).toBeInTheDocument();
    const list = screen.getByText('$40.00');
    expect(list.tagName).toBe('S');
    expect(list).toHaveTextContent('List price $40.00');
  });

  it('strikes the list price in the reading chosen', async () => {
    usePriceReadingStore.getState().setReading('ex');
    renderWithRouter(<WishlistCard item={item(product({ price: 48, discountedPrice: 36, listPrice: 48 }))} pending={false} onRemove={() => {}} />);
    // 36 and 48 with 20 % VAT are 30 and 40 without it.
    expect(await screen.findByText('$30.00')).toBeInTheDocument();
    expect(screen.getByText('$40.00')).toHaveTextContent('List price $40.00');
  });

  it('shows a price without a lower account price as before', async () => {
    // A guest's line, and a trade customer's whose price is the public one.
    for (const listPrice of [undefined, 40]) {
      const { unmount } = renderWithRouter(<WishlistCard item={item(product({ price: 40, discountedPrice: 40, listPrice }))} pending={false} onRemove={() => {}} />);
      expect(await screen.findByText('$40.00')).not.toHaveClass('line-through');
      expect(screen.queryByText('Your price')).not.toBeInTheDocument();
      expect(screen.queryByText(/List price/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('strikes the original price of a discounted line', async () => {
    renderWithRouter(<WishlistCard item={item(product({ price: 80, discountPercentage: 25, discountedPrice: 60 }))} pending={false} onRemove={() => {}} />);
    expect(await screen.findByText('$60.00')).toBeInTheDocument();
    expect(screen.getByText('$80.00')).toHaveClass('line-through');
    expect(screen.queryByText('Your price')).not.toBeInTheDocument();
  });
});
