import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import type { VariantItem } from '@/features/catalog';
import { useLocalStore } from '@/features/cart/local-store';
import { catalogueHandlers, envelope, item, product, server } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const ELBOW = product({ _id: '3'.padStart(24, '0'), name: 'Compression elbow', price: 3.2, discountedPrice: 3.2, stock: 20 });
const TAPE = product({ _id: '4'.padStart(24, '0'), name: 'PTFE tape', price: 2, discountedPrice: 2, stock: 50, size: null, color: null });

/** The server's detail of a line: the variant's price, stock, options and SKU. */
const VARIANTS: Record<string, VariantItem> = {
  '22-chrome': { ...item(ELBOW), variantId: '22-chrome', sku: 'CE-22-CH', options: { Size: '22 mm', Finish: 'Chrome' }, discountedPrice: 4.5, price: 4.5 },
  '15-brass': { ...item(ELBOW), variantId: '15-brass', sku: 'CE-15-BR', options: { Size: '15 mm', Finish: 'Brass' } },
  'tape-1': { ...item(TAPE), variantId: 'tape-1', sku: 'PTFE-12', options: {} },
};

beforeAll(() => Promise.all([import('@/app/routes/cart'), import('@/app/layouts/main-layout')]));
// Nothing goes with the lines ('You'll also need').
beforeEach(() => server.use(http.get('*/api/product/:id/related', () => envelope({ products: [] }, 'Related products'))));
afterEach(resetStores);

describe('Cart page with variants (guest)', () => {
  it('shows a line per variant with its option values and SKU, and asks for each line by its variant', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/user/cart-detail', async ({ request }) => {
        const { cartItems } = (await request.json()) as { cartItems: { productId: string; variantId?: string }[] };
        asked.push(...cartItems);
        // An entry from before variants is answered as the product's one variant.
        const products = cartItems.map((line) => VARIANTS[line.variantId ?? 'tape-1']);
        return envelope({ products });
      }),
      ...catalogueHandlers,
    );
    const store = useLocalStore.getState();
    store.addToCart({ productId: ELBOW._id, variantId: '22-chrome' }, 2);
    store.addToCart({ productId: ELBOW._id, variantId: '15-brass' }, 1);
    store.addToCart({ productId: TAPE._id }, 3);
    renderRoutes(routes, '/cart');

    const chrome = await screen.findByRole('listitem', { name: 'Compression elbow, Size: 22 mm · Finish: Chrome' });
    expect(within(chrome).getByText('SKU: CE-22-CH')).toBeInTheDocument();
    expect(within(chrome).getByTestId('unit-price')).toHaveTextContent('₹4.50');
    for (const link of within(chrome).getAllByRole('link', { name: 'Compression elbow' })) {
      expect(link).toHaveAttribute('href', `/product/${ELBOW._id}?variant=22-chrome`);
    }
    const brass = screen.getByRole('listitem', { name: 'Compression elbow, Size: 15 mm · Finish: Brass' });
    expect(within(brass).getByText('SKU: CE-15-BR')).toBeInTheDocument();
    // The old entry, without options: its size and colour as before, and its SKU.
    const tape = screen.getByRole('listitem', { name: 'PTFE tape' });
    expect(within(tape).getByText('SKU: PTFE-12')).toBeInTheDocument();
    expect(asked).toEqual(
      expect.arrayContaining([
        { productId: ELBOW._id, variantId: '22-chrome', quantity: 1 },
        { productId: ELBOW._id, variantId: '15-brass', quantity: 1 },
        { productId: TAPE._id, quantity: 1 },
      ]),
    );

    // Removing one variant keeps the other.
    fireEvent.click(within(brass).getByRole('button', { name: 'Remove Compression elbow, Size: 15 mm · Finish: Brass' }));
    await waitFor(() =>
      expect(useLocalStore.getState().cart).toEqual([
        { productId: ELBOW._id, variantId: '22-chrome', quantity: 2 },
        { productId: TAPE._id, quantity: 3 },
      ]),
    );
  });
});
