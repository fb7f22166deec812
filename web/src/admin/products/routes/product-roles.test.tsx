import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import type { Category } from '@/api/types';
import { useAuth } from '@/features/auth';
import { adminProduct, adminProductHandler, adminProductsHandler, signInAs, staffUser, stockHistoryHandler } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server, unexpected } from '@/testing/server';

// The catalogue by role: the warehouse reads the products and changes their stock; only a
// role allowed catalogue.edit edits them, and only one allowed csv moves CSV files.

const shopCategories: Category[] = [
  { _id: 'a'.repeat(24), title: 'Faucets', version: 1, subCategories: [{ _id: 'b'.repeat(24), title: 'Basin Taps', version: 1 }], maxDiscountPercentage: 50 },
];
const tap = adminProduct({ _id: '1'.padStart(24, '0'), name: 'Chrome Basin Tap', description: 'A tap for the basin.', price: 40, setDiscountPercentage: 25, stock: 3, featured: true });

beforeEach(() =>
  server.use(http.get('*/api/category', () => envelope({ categories: shopCategories })), adminProductsHandler(() => [tap]), adminProductHandler(() => tap), stockHistoryHandler(() => [])),
);
afterEach(resetStores);

async function openProducts() {
  renderRoutes(routes, '/admin/products');
  expect(await screen.findByRole('link', { name: 'Chrome Basin Tap' })).toBeInTheDocument();
}

async function openProduct() {
  renderRoutes(routes, `/admin/products/${tap._id}`);
  expect(await screen.findByRole('heading', { level: 2, name: 'Stock' })).toBeInTheDocument();
}

describe('Console products by role', () => {
  it('offers an owner the CSV files, a new product and the bulk changes', async () => {
    signInAs('owner');
    await openProducts();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add product' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Chrome Basin Tap' }));
    expect(screen.getByRole('group', { name: 'Selected products' })).toBeInTheDocument();
  });

  it('lets the warehouse read the table, with no CSV, no new product and nothing to select', async () => {
    signInAs('warehouse');
    await openProducts();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add product' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Photo', 'Name', 'Category', 'Price', 'Stock', 'Featured', 'In the shop']);
  });

  it('shows the warehouse a product to read, with its stock box and history, and nothing to edit', async () => {
    const { calls, handler } = unexpected('get', '*/api/category');
    server.use(handler);
    signInAs('warehouse');
    await openProduct();
    expect(screen.getByRole('heading', { level: 1, name: 'Chrome Basin Tap' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('A tap for the basin.')).toBeInTheDocument();
    expect(within(details).getByText('Faucets / Basin Taps')).toBeInTheDocument();
    expect(within(details).getByText('25%')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();
    const stock = screen.getByRole('region', { name: 'Stock' });
    expect(within(stock).getByRole('button', { name: 'Change stock' })).toBeInTheDocument();
    expect(await within(stock).findByText('No stock movements yet.')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('hides the stock box from a role that may read the catalogue but not change its stock', async () => {
    useAuth.getState().signIn({ ...staffUser('warehouse'), permissions: ['dashboard', 'catalogue.view'] }, 'reader-token');
    await openProduct();
    const stock = screen.getByRole('region', { name: 'Stock' });
    expect(stock).toHaveTextContent('In stock:');
    expect(within(stock).queryByRole('button', { name: 'Change stock' })).not.toBeInTheDocument();
    expect(within(stock).queryByLabelText('Change (units)')).not.toBeInTheDocument();
  });

  it('offers a manager the product’s form', async () => {
    signInAs('manager');
    await openProduct();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Chrome Basin Tap' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument());
    expect(screen.getByLabelText('Add photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete product' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Stock' })).getByRole('button', { name: 'Change stock' })).toBeInTheDocument();
  });
});
