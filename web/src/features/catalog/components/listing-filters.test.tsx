import { fireEvent, screen, within } from '@testing-library/react';
import type { ProductList } from '@/api/types';
import { catalogueHandlers, server } from '@/testing/server';
import { renderWithRouter } from '@/testing/render';
import { readListing } from '../listing';
import { ListingFilters } from './listing-filters';

const facets = (priceBands: NonNullable<ProductList['facets']>['priceBands']): ProductList['facets'] => ({
  options: {},
  categories: [],
  subCategories: [],
  priceBands,
  inStock: 0,
});

function renderFilters(url: string, given: ProductList['facets']) {
  const onChange = vi.fn();
  renderWithRouter(<ListingFilters listing={readListing(new URLSearchParams(url))} facets={given} onChange={onChange} />);
  return onChange;
}

describe('ListingFilters', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('names each price band by its prices', async () => {
    renderFilters(
      '',
      facets([
        { min: 0, max: 9.99, count: 1 },
        { min: 10, max: 24.99, count: 2 },
        { min: 0, max: 9.5, count: 3 },
        { min: 250, max: null, count: 4 },
        { min: 500, count: 5 },
      ]),
    );
    const bands = await screen.findByRole('list', { name: 'Price bands' });
    expect(within(bands).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Under $10 (1)',
      '$10 – $24.99 (2)',
      '$0 – $9.50 (3)',
      '$250 & over (4)',
      '$500 & over (5)',
    ]);
  });

  it('sets the band as the price range from page 1, and takes the applied one off again', async () => {
    const bands = facets([
      { min: 0, max: 9.99, count: 3 },
      { min: 10, max: 24.99, count: 0 },
      { min: 250, max: null, count: 2 },
    ]);
    const onChange = renderFilters('page=4&maxPrice=9.99', bands);
    const under10 = await screen.findByRole('button', { name: 'Under $10 (3)' });
    // No minimum is the band from $0.
    expect(under10).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(under10);
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: '', maxPrice: '', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: '$250 & over (2)' }));
    expect(onChange).toHaveBeenLastCalledWith({ minPrice: '250', maxPrice: '', page: 1 });
    expect(screen.getByRole('button', { name: '$10 – $24.99 (0)' })).toBeDisabled();
  });

  it('keeps the applied band enabled when it has no products', async () => {
    renderFilters('minPrice=10&maxPrice=24.990', facets([{ min: 10, max: 24.99, count: 0 }]));
    const band = await screen.findByRole('button', { name: '$10 – $24.99 (0)' });
    expect(band).toHaveAttribute('aria-pressed', 'true');
    expect(band).toBeEnabled();
  });

  it.each([undefined, null])('shows no counts and no bands with facets %s', async (none) => {
    renderFilters('minPrice=10&maxPrice=24.99', none);
    expect(await screen.findByRole('option', { name: 'Faucets' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Heating' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Price bands' })).not.toBeInTheDocument();
  });
});
