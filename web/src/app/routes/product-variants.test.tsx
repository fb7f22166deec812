import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import type { ProductDetail, Variant } from '@/features/catalog';
import { useLocalStore } from '@/features/cart/local-store';
import { resetStores, renderRoutes } from '@/testing/render';
import { catalogueHandlers, envelope, product, server } from '@/testing/server';

const ID = '0123456789abcdef01234567';

function variant(size: string, finish: string, discountedPrice: number, stock: number, position: number, image: string | null = null): Variant {
  const id = `${size}-${finish}`.replace(/ /g, '').toLowerCase();
  return { _id: id, sku: `CF-${id.toUpperCase()}`, options: { Size: size, Finish: finish }, price: discountedPrice, discountPercentage: 0, discountedPrice, stock, weightGrams: 40, image, position, priceBreaks: [] };
}

// 28 mm comes in chrome only; 22 mm chrome, the cheapest, is sold out.
const ELBOW: ProductDetail = {
  ...product({ _id: ID, name: 'Compression elbow', price: 2.9, discountedPrice: 2.9, stock: 24, images: ['demo/elbow-brass.svg', 'demo/elbow-chrome.svg'] }),
  options: [
    { name: 'Size', values: ['15 mm', '22 mm', '28 mm'] },
    { name: 'Finish', values: ['Brass', 'Chrome'] },
  ],
  variants: [
    variant('15 mm', 'Brass', 3.2, 10, 0, 'demo/elbow-brass.svg'),
    variant('15 mm', 'Chrome', 3.5, 4, 1, 'demo/elbow-chrome.svg'),
    variant('22 mm', 'Brass', 4.1, 8, 2, 'demo/elbow-brass.svg'),
    variant('22 mm', 'Chrome', 2.9, 0, 3, 'demo/elbow-chrome.svg'),
    variant('28 mm', 'Chrome', 6.75, 2, 4, 'demo/elbow-chrome.svg'),
  ],
  unit: 'each',
  packSize: null,
  minQuantity: 1,
  quantityStep: 1,
  priceRange: { min: 2.9, max: 6.75 },
};

function handlers(shown: ProductDetail) {
  return [
    http.get(`*/api/product/${ID}`, () => envelope({ product: shown })),
    http.get('*/api/product', () => envelope({ products: [], total: 0, page: 1, perPage: 4 })),
    http.get(`*/api/review/product/${ID}`, () => envelope({ reviews: [], total: 0 })),
    http.get('*/api/user/item', () => envelope([])),
    ...catalogueHandlers,
  ];
}

const radio = (option: string, value: RegExp | string) => within(screen.getByRole('group', { name: new RegExp(`^${option}`) })).getByRole('radio', { name: value });

describe('Product page with variants', () => {
  afterEach(resetStores);

  it('starts from the cheapest variant in stock and puts it in the URL', async () => {
    server.use(...handlers(ELBOW));
    const { router } = renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByText('$3.20')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?variant=15mm-brass'));
    expect(screen.getByText('CF-15MM-BRASS')).toBeInTheDocument();
    expect(radio('Size', /15 mm/)).toBeChecked();
    expect(radio('Finish', /Brass/)).toBeChecked();
    // Replaced, not pushed: Back leaves the product.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the variant the URL names, its value sold out struck through and a value without a combination disabled', async () => {
    server.use(...handlers(ELBOW));
    renderRoutes(routes, `/product/${ID}?variant=15mm-chrome`);
    expect(await screen.findByText('$3.50')).toBeInTheDocument();
    expect(screen.getByText('Only 4 left in stock')).toBeInTheDocument();
    const soldOut = radio('Size', /22 mm \(sold out\)/);
    expect(soldOut).not.toHaveAttribute('aria-disabled');
    expect(soldOut.closest('label')).toHaveClass('line-through');
    expect(radio('Size', /28 mm/)).not.toHaveAttribute('aria-disabled');
    expect(radio('Finish', /Brass/)).not.toHaveAttribute('aria-disabled');
  });

  it('follows a choice with price, stock, SKU and URL, and moves to the nearest combination when a value breaks another', async () => {
    server.use(...handlers(ELBOW));
    const { router } = renderRoutes(routes, `/product/${ID}?variant=15mm-brass`);
    await screen.findByText('$3.20');
    expect(radio('Size', /28 mm/)).toHaveAttribute('aria-disabled', 'true');

    fireEvent.click(radio('Size', /22 mm/));
    expect(await screen.findByText('$4.10')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?variant=22mm-brass');

    // Chrome at 22 mm is sold out: chosen all the same, and said so.
    fireEvent.click(radio('Finish', /Chrome/));
    expect(await screen.findByText('$2.90')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

    // 28 mm exists in chrome only: from brass, the finish follows.
    fireEvent.click(radio('Finish', /Brass/));
    await screen.findByText('$4.10');
    fireEvent.click(radio('Size', /28 mm/));
    expect(await screen.findByText('$6.75')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?variant=28mm-chrome');
    expect(radio('Finish', /Chrome/)).toBeChecked();
    expect(screen.getByText('CF-28MM-CHROME')).toBeInTheDocument();
  });

  it("shows a trade customer the chosen variant's own price, its list price struck and its quantity breaks", async () => {
    const priceBreaks = [{ minQuantity: 10, price: 2.95 }, { minQuantity: 50, price: 2.7 }];
    const traded = ELBOW.variants.map((one) => (one._id === '15mm-brass' ? { ...one, discountedPrice: 3.05, listPrice: 3.2, priceBreaks } : one));
    server.use(...handlers({ ...ELBOW, variants: traded }));
    renderRoutes(routes, `/product/${ID}?variant=15mm-brass`);
    const table = await screen.findByRole('table', { name: 'Quantity breaks' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Quantity', 'Price each']);
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['10+', '$2.95', '50+', '$2.70']);
    expect(screen.getByText('Your price')).toBeInTheDocument();
    expect(screen.getByText('$3.05')).toBeInTheDocument();
    const list = screen.getByText('$3.20');
    expect(list.tagName).toBe('S');
    expect(list).toHaveTextContent('List price $3.20');

    // Another variant without breaks or an account price: neither.
    fireEvent.click(radio('Finish', /Chrome/));
    expect(await screen.findByText('$3.50')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Quantity breaks' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your price')).not.toBeInTheDocument();
  });

  it('puts the chosen variant in the guest cart', async () => {
    server.use(...handlers(ELBOW));
    renderRoutes(routes, `/product/${ID}?variant=22mm-brass`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(useLocalStore.getState().cart).toEqual([{ productId: ID, variantId: '22mm-brass', quantity: 1 }]));
  });

  it('says what a pack holds and sells in steps from the least quantity', async () => {
    const tape: ProductDetail = {
      ...ELBOW,
      options: [],
      variants: [{ ...variant('x', 'y', 21, 500, 0), options: {}, sku: 'PTFE-10' }],
      unit: 'pack',
      packSize: 10,
      minQuantity: 2,
      quantityStep: 2,
      priceRange: undefined,
    };
    server.use(...handlers(tape));
    const { router } = renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByText('Pack of 10 ($2.10 each)')).toBeInTheDocument();
    // One variant: no picker, and the URL stays plain.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    const box = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(box).toHaveValue('2');
    fireEvent.change(box, { target: { value: '1' } });
    expect(screen.getByText('Order at least 2')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '5' } });
    expect(screen.getByText('Sold in multiples of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(box).toHaveValue('4');
  });

  it('says per metre for pipe sold by the metre', async () => {
    server.use(...handlers({ ...ELBOW, options: [], variants: [{ ...variant('x', 'y', 8.5, 50, 0), options: {} }], unit: 'm' }));
    renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByText('per metre')).toBeInTheDocument();
  });
});

describe('Product page with variants, left before it loads', () => {
  afterEach(resetStores);

  // A shopper who searches from the header while the product is still loading goes to the
  // results: the variant put in the URL once the product arrives must not cancel that.
  it('does not keep a shopper who navigated away while the product was loading', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let openShop: () => void = () => {};
    const shopLoaded = new Promise<void>((resolve) => (openShop = resolve));
    server.use(...handlers(ELBOW));
    server.use(
      http.get(`*/api/product/${ID}`, async () => {
        await answered;
        return envelope({ product: ELBOW });
      }),
    );
    const { router } = renderRoutes(
      [
        { path: '/product/:id', lazy: () => import('./product') },
        { path: '/shop', lazy: () => shopLoaded.then(() => ({ element: <h1>Results</h1> })) },
      ],
      `/product/${ID}`,
    );
    expect(await screen.findByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    void router.navigate('/shop?keyword=brass');
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    answer();
    expect(await screen.findByText('$3.20')).toBeInTheDocument();
    openShop();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/shop?keyword=brass');
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument();
  });
});
