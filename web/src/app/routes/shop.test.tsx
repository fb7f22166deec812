import { fireEvent, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { routes } from '@/app/router';
import { catalogueHandlers, envelope, failure, product, server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

/** Answers /api/product with `total` products, recording each query it was asked. */
function listing(total: number, asked: URLSearchParams[] = []) {
  return http.get('*/api/product', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const perPage = Number(query.get('perPage') ?? 10);
    const page = Number(query.get('page') ?? 1);
    const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
    const products = Array.from({ length: count }, (_, i) =>
      product({ _id: `${i}`.padStart(24, '0'), name: `Tap ${(page - 1) * perPage + i + 1}` }),
    );
    return envelope({ products, total, page, perPage });
  });
}

describe('Shop listing', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('shows eight skeleton cards, then the products of the URL', async () => {
    const asked: URLSearchParams[] = [];
    server.use(listing(25, asked));
    renderRoutes(routes, '/shop?keyword=tap&sort=price_asc&page=2&subcategory=bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(8);
    expect(await screen.findByText('Tap 11')).toBeInTheDocument();
    const query = asked.at(-1)!;
    expect(Object.fromEntries(query)).toMatchObject({
      keyword: 'tap',
      page: '2',
      perPage: '10',
      sortField: 'price',
      sortOrder: 'asc',
      subCategoryIds: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeShop');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it('folds the filters behind a button on phones, counting the active ones', async () => {
    server.use(listing(3));
    renderRoutes(routes, '/shop?minPrice=10&maxPrice=50');
    const toggle = await screen.findByRole('button', { name: 'Filters (1)' });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', filters.id);
    // Folded on phones (hidden below md), always shown from md up.
    expect(filters).toHaveClass('hidden', 'md:block');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(filters).not.toHaveClass('hidden');
  });

  it('goes back to page 1 when the sort changes, and puts it in the URL', async () => {
    server.use(listing(25));
    const { router } = renderRoutes(routes, '/shop?page=3');
    await screen.findByText('Tap 21');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name_desc' } });
    expect(router.state.location.search).toBe('?sort=name_desc');
    expect(await screen.findByText('Tap 1')).toBeInTheDocument();
  });

  it('moves between pages from the pagination', async () => {
    server.use(listing(25));
    const { router } = renderRoutes(routes, '/shop');
    await screen.findByText('Tap 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(await screen.findByText('Tap 11')).toBeInTheDocument();
  });

  it('shows no pagination for a single page', async () => {
    server.use(listing(3));
    renderRoutes(routes, '/shop');
    await screen.findByText('Tap 3');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    server.use(listing(0));
    renderRoutes(routes, '/shop?keyword=zzz');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search terms.')).toBeInTheDocument();
  });

  it('offers what the shopper may have meant when the search found nothing', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/product', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return query.get('keyword') === 'radiator valve'
          ? envelope({ products: [product({ name: 'Radiator Valve' })], total: 1, page: 1, perPage: 10 })
          : envelope({ products: [], total: 0, page: 1, perPage: 10, didYouMean: 'radiator valve' });
      }),
    );
    renderRoutes(routes, '/shop?keyword=radaitor+vlve&sort=price_asc');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'radiator valve' }));
    expect(await screen.findByText('Radiator Valve')).toBeInTheDocument();
    expect(asked.at(-1)?.get('keyword')).toBe('radiator valve');
    expect(asked.at(-1)?.get('sortField')).toBe('price');
  });

  it('offers nothing when the answer suggests nothing', async () => {
    server.use(listing(0));
    renderRoutes(routes, '/shop?keyword=zzz');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('shows the error with the spec sentence', async () => {
    server.use(http.get('*/api/product', () => failure(500, 'Failed to fetch products')));
    renderRoutes(routes, '/shop');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products. Please try again later.');
  });

  it('says it is updating while the next page loads', async () => {
    server.use(listing(25));
    renderRoutes(routes, '/shop');
    await screen.findByText('Tap 1');
    server.use(
      http.get('*/api/product', async () => {
        await delay(200);
        return envelope({ products: [product({ name: 'Later tap' })], total: 25, page: 2, perPage: 10 });
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Updating products...')).toBeInTheDocument();
    expect(screen.getByText('Tap 1')).toBeInTheDocument();
    expect(await screen.findByText('Later tap')).toBeInTheDocument();
  });

  it('filters by category and clears the sub-category', async () => {
    server.use(listing(5));
    const { router } = renderRoutes(routes, '/shop?subCategory=bbbbbbbbbbbbbbbbbbbbbbbb&category=aaaaaaaaaaaaaaaaaaaaaaaa');
    await screen.findByText('Tap 1');
    await screen.findByRole('option', { name: 'Heating' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cccccccccccccccccccccccc' } });
    expect(router.state.location.search).toBe('?category=cccccccccccccccccccccccc');
    fireEvent.change(screen.getByLabelText('Minimum price'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(router.state.location.search).toBe('?category=cccccccccccccccccccccccc&minPrice=10');
  });
});
