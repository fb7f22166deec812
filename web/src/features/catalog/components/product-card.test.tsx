import { screen } from '@testing-library/react';
import { product } from '@/testing/server';
import { usePriceReadingStore } from '@/features/shop';
import { renderWithRouter } from '@/testing/render';
import { ProductCard, stockLabel } from './product-card';

describe('ProductCard', () => {
  afterEach(() => usePriceReadingStore.getState().setReading('inc'));

  it('links to the product and cuts a long name at 45 characters', async () => {
    const name = 'Thermarc Anthracite Horizontal Designer Column Radiator with Brackets';
    renderWithRouter(<ProductCard product={product({ name })} />);
    const link = await screen.findByRole('link');
    expect(link).toHaveAttribute('href', '/product/0123456789abcdef01234567');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(`${name.slice(0, 45)}...`);
  });

  it('shows the price in US dollars and the real rating', async () => {
    renderWithRouter(<ProductCard product={product({ discountedPrice: 1234.5, price: 1234.5 })} />);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('4.5/5 (12)')).toBeInTheDocument();
  });

  it('shows the price without VAT, and says so, when the shopper reads prices ex. VAT', async () => {
    usePriceReadingStore.getState().setReading('ex');
    renderWithRouter(<ProductCard product={product({ price: 10.5, discountedPrice: 10.5, taxClass: 'reduced' })} />);
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    expect(screen.getByText('ex. VAT')).toBeInTheDocument();
  });

  it("prices a product whose variants' prices differ from its cheapest", async () => {
    renderWithRouter(<ProductCard product={{ ...product({ price: 2.9, discountedPrice: 2.9 }), priceRange: { min: 2.9, max: 6.75 } }} />);
    expect(await screen.findByText('From $2.90')).toBeInTheDocument();
    expect(screen.queryByText('$6.75')).not.toBeInTheDocument();
  });

  it('shows a rounded discount badge and the struck-through list price', async () => {
    renderWithRouter(<ProductCard product={product({ price: 40, discountPercentage: 12.5, discountedPrice: 35 })} />);
    expect(await screen.findByText('13% OFF')).toBeInTheDocument();
    expect(screen.getByText('$40.00')).toHaveClass('line-through');
    expect(screen.getByText('$35.00')).toBeInTheDocument();
  });

  it("shows a trade customer's own price, and the public list price struck through", async () => {
    renderWithRouter(<ProductCard product={product({ price: 40, discountedPrice: 34, listPrice: 40 })} />);
    expect(await screen.findByText('Your price')).toBeInTheDocument();
    expect(screen.getByText('$34.00')).toBeInTheDocument();
    const list = screen.getByText('$40.00');
    expect(list.tagName).toBe('S');
    expect(list).toHaveTextContent('List price $40.00');
  });

  it('shows a price without a lower account price as before', async () => {
    // A trade customer whose price is the public one, as a guest's.
    renderWithRouter(<ProductCard product={product({ price: 40, discountedPrice: 40, listPrice: 40 })} />);
    expect(await screen.findByText('$40.00')).not.toHaveClass('line-through');
    expect(screen.queryByText('Your price')).not.toBeInTheDocument();
    expect(screen.queryByText(/List price/)).not.toBeInTheDocument();
  });

  it('offers the first quantity break under the price, in the reading chosen', async () => {
    usePriceReadingStore.getState().setReading('ex');
    const priceBreaks = [{ minQuantity: 10, price: 36 }, { minQuantity: 50, price: 30 }];
    renderWithRouter(<ProductCard product={product({ price: 40, discountedPrice: 40, priceBreaks })} />);
    // 36 with 20 % VAT is 30 without it.
    expect(await screen.findByText('Buy 10+ for $30.00 each')).toBeInTheDocument();
    expect(screen.queryByText(/Buy 50\+/)).not.toBeInTheDocument();
  });

  it.each([
    ['per metre', 'for pipe sold by the metre', { unit: 'm' }],
    ['per pack', 'for washers sold in packs', { unit: 'pack', packSize: 10 }],
    ['each', 'for a product sold by the piece', { unit: 'each' }],
  ])('prices the break %s %s', async (per, _, sale) => {
    const priceBreaks = [{ minQuantity: 10, price: 36 }];
    renderWithRouter(<ProductCard product={product({ price: 40, discountedPrice: 40, priceBreaks, ...sale })} />);
    expect(await screen.findByText(`Buy 10+ for $36.00 ${per}`)).toBeInTheDocument();
  });

  it('shows no quantity break line without breaks', async () => {
    renderWithRouter(<ProductCard product={product()} />);
    await screen.findByRole('link');
    expect(screen.queryByText(/^Buy \d+\+/)).not.toBeInTheDocument();
  });

  it('shows no badge without a discount', async () => {
    renderWithRouter(<ProductCard product={product()} />);
    await screen.findByRole('link');
    expect(screen.queryByText(/% OFF/)).not.toBeInTheDocument();
  });

  it('marks an out-of-stock product with an overlay and label', async () => {
    renderWithRouter(<ProductCard product={product({ stock: 0 })} />);
    expect(await screen.findByTestId('out-of-stock-overlay')).toHaveTextContent('Out of Stock');
    expect(screen.getAllByText('Out of Stock')).toHaveLength(2);
  });

  it('puts its buy control under the details, outside the link', async () => {
    renderWithRouter(<ProductCard product={product()} buy={<button type="button">Add</button>} />);
    const link = await screen.findByRole('link');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(link).not.toContainElement(add);
    expect(link.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('labels stock by the spec thresholds', () => {
    expect(stockLabel(-1)).toBe('Out of Stock');
    expect(stockLabel(0)).toBe('Out of Stock');
    expect(stockLabel(1)).toBe('Only 1 left in stock');
    expect(stockLabel(9)).toBe('Only 9 left in stock');
    expect(stockLabel(10)).toBe('In Stock');
  });
});
