import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithRouter } from '@/testing/render';
import { PriceReadingSwitch } from './components/price-reading-switch';
import { PRICE_READING_STORAGE_KEY, priceIn, readingLabel, usePriceReadingStore } from './price-reading';

const included = { pricesIncludeTax: true, rates: { standard: 20, reduced: 5, zero: 0 } };
const net = { pricesIncludeTax: false, rates: { standard: 17.5, reduced: 5, zero: 0 } };

describe('How prices are read', () => {
  afterEach(() => usePriceReadingStore.getState().setReading('inc'));

  it('takes the rate of the product’s class out of a price that includes it, to the cent', () => {
    expect(priceIn(12, 'standard', 'ex', included)).toBe(10);
    expect(priceIn(10, 'standard', 'ex', included)).toBe(8.33);
    expect(priceIn(10.5, 'reduced', 'ex', included)).toBe(10);
    expect(priceIn(9.99, 'zero', 'ex', included)).toBe(9.99);
    expect(priceIn(12, 'standard', 'inc', included)).toBe(12);
  });

  it('adds it to a net price when the shopper reads prices with tax', () => {
    expect(priceIn(10, 'standard', 'inc', net)).toBe(11.75);
    expect(priceIn(10, 'reduced', 'inc', net)).toBe(10.5);
    expect(priceIn(10, 'standard', 'ex', net)).toBe(10);
    // A class the shop does not know reads at the standard rate.
    expect(priceIn(10, undefined, 'inc', net)).toBe(11.75);
  });

  it('labels each reading with the shop’s tax label', () => {
    expect(readingLabel('inc', 'VAT')).toBe('inc. VAT');
    expect(readingLabel('ex', 'GST')).toBe('ex. GST');
  });

  it('switches between the readings in the header and keeps the choice in the browser', async () => {
    renderWithRouter(<PriceReadingSwitch />);
    const inc = await screen.findByRole('button', { name: 'Inc. VAT' });
    const ex = screen.getByRole('button', { name: 'Ex. VAT' });
    expect(inc).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(ex);
    expect(ex).toHaveAttribute('aria-pressed', 'true');
    expect(inc).toHaveAttribute('aria-pressed', 'false');
    expect(usePriceReadingStore.getState().reading).toBe('ex');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(PRICE_READING_STORAGE_KEY)!).state.reading).toBe('ex'));
  });
});
