import { render, screen, within } from '@testing-library/react';
import { product } from '@/testing/server';
import { renderWithRouter, resetStores } from '@/testing/render';
import { readVariants } from '../variant-types';
import { PHONE, PhoneBuyBar } from './phone-buy-bar';
import { ProductInfo } from './product-info';

afterEach(resetStores);

/** The buy bar, found by the attribute the page keeps room for it by. */
const bar = () => document.querySelector<HTMLElement>('[data-buy-bar]')!;

describe('PhoneBuyBar', () => {
  it('strikes the price it is set against, named List price to a screen reader', () => {
    render(<PhoneBuyBar price={34} listPrice={40} label="inc. VAT" action={<button type="button">Add to Cart</button>} />);
    const list = within(bar()).getByText('$40.00');
    expect(list.tagName).toBe('S');
    expect(list).toHaveTextContent('List price $40.00');
    expect(bar()).toHaveTextContent(/^\$34\.00 inc\. VAT/);
  });

  it('strikes nothing without a price to set against', () => {
    render(<PhoneBuyBar price={40} action={<button type="button">Add to Cart</button>} />);
    expect(bar()).toHaveTextContent('$40.00');
    expect(bar().querySelector('s')).toBeNull();
    expect(within(bar()).queryByText(/List price/)).not.toBeInTheDocument();
  });

  it("on a phone, shows a trade customer's price on the product page's bar, the public one struck", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query === PHONE, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    const detail = readVariants(product({ price: 40, discountedPrice: 34, listPrice: 40 }));
    renderWithRouter(<ProductInfo product={detail} variant={detail.variants[0]} onAddToCart={async () => {}} />);
    await screen.findByRole('heading', { level: 1 });
    const list = within(bar()).getByText('$40.00');
    expect(list.tagName).toBe('S');
    expect(list).toHaveTextContent('List price $40.00');
    expect(within(bar()).getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });
});
