import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import type { AdminProduct, Category } from '@/api/types';
import { adminProduct, adminProductHandler, signInAsAdmin, stockHistoryHandler } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server } from '@/testing/server';
import type { VariantProduct } from '../variant-types';

// How many back-in-stock e-mails wait per variant (docs/DESIGN.md §12), in the product editor.
const FITTINGS = 'a'.repeat(24);
const ELBOWS = 'b'.repeat(24);
const shopCategories: Category[] = [{ _id: FITTINGS, title: 'Fittings', version: 1, subCategories: [{ _id: ELBOWS, title: 'Elbows', version: 1 }], maxDiscountPercentage: 50 }];
const ID = '9'.padStart(24, '0');
const WAITING = 'Back-in-stock e-mails waiting';

beforeEach(signInAsAdmin);
beforeEach(() => server.use(stockHistoryHandler(() => []), http.get('*/api/category', () => envelope({ categories: shopCategories }))));
afterEach(resetStores);

type AnsweredVariant = NonNullable<VariantProduct['variants']>[number];

const variant = (overrides: Partial<AnsweredVariant>): AnsweredVariant => ({
  _id: 'v1',
  sku: 'ELB-15',
  options: { Size: '15 mm' },
  price: 4.2,
  discountPercentage: 0,
  discountedPrice: 4.2,
  stock: 0,
  weightGrams: 80,
  image: null,
  position: 0,
  priceBreaks: [],
  ...overrides,
});

const base = () => adminProduct({ _id: ID, name: 'Compression Elbow', price: 4.2, stock: 0, category: { _id: FITTINGS, title: 'Fittings' }, subCategory: { _id: ELBOWS, title: 'Elbows' } });

/** Two sized variants, both sold out; `alertsWaiting` as the server answers it. */
const withVariants = (alertsWaiting: Record<string, number>): VariantProduct => ({
  ...base(),
  options: [{ name: 'Size', values: ['15 mm', '22 mm'] }],
  variants: [variant({}), variant({ _id: 'v2', sku: 'ELB-22', options: { Size: '22 mm' }, position: 1 })],
  unit: 'each',
  packSize: null,
  minQuantity: 1,
  quantityStep: 1,
  alertsWaiting,
});

/** One variant, no options. */
const single = (alertsWaiting: Record<string, number>): VariantProduct => ({
  ...base(),
  options: [],
  variants: [variant({ _id: 'only', sku: 'ELB', options: {} })],
  unit: 'each',
  packSize: null,
  minQuantity: 1,
  quantityStep: 1,
  alertsWaiting,
});

/** The variant grid's row of variant `n` (1-based). */
const gridRow = (n: number) => screen.getByLabelText(`SKU, variant ${n}`).closest('tr')!;

describe('Back-in-stock alerts in the console’s product editor', () => {
  it('shows how many wait beside the variant they wait for, and nothing beside one none waits for', async () => {
    server.use(adminProductHandler(() => withVariants({ v1: 2 }) as AdminProduct));
    renderRoutes(routes, `/admin/products/${ID}`);
    expect(await screen.findByLabelText('SKU, variant 1')).toHaveValue('ELB-15');
    const badge = within(gridRow(1)).getByText('2 waiting');
    expect(badge).toHaveAttribute('title', WAITING);
    expect(within(gridRow(2)).queryByText(/waiting/)).not.toBeInTheDocument();
    expect(screen.getAllByTitle(WAITING)).toHaveLength(1);
  });

  it('shows them beside the stock of a product with one variant', async () => {
    server.use(adminProductHandler(() => single({ only: 3 }) as AdminProduct));
    renderRoutes(routes, `/admin/products/${ID}`);
    const stock = await screen.findByRole('region', { name: 'Stock' });
    expect(within(stock).getByText('3 waiting')).toHaveAttribute('title', WAITING);
  });

  it('shows nothing when none waits', async () => {
    server.use(adminProductHandler(() => single({}) as AdminProduct));
    renderRoutes(routes, `/admin/products/${ID}`);
    const stock = await screen.findByRole('region', { name: 'Stock' });
    expect(within(stock).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByTitle(WAITING)).not.toBeInTheDocument();
    expect(screen.queryByText(/waiting/)).not.toBeInTheDocument();
  });
});
