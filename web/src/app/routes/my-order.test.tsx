import { fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { ORDER_NUMBER, ORDER_TOKEN, order } from '@/testing/orders';
import { catalogueHandlers, envelope, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

// The pages' code is loaded once here, so that no test's first wait is spent on it.
beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/layouts/account-layout'), import('./my-order'), import('./order')]));
beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));
afterEach(resetStores);

describe('Buy again on the signed-in shopper’s order page', () => {
  it("puts the order's lines in the cart and says what became of each, a changed price among them", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`*/api/order/${ORDER_NUMBER}`, () => envelope({ order: order() })),
      http.post('*/api/order/:number/reorder', ({ params }) => {
        asked.push(String(params.number));
        return envelope({
          lines: [{ sku: 'BAV-15', status: 'short', quantity: 1, message: 'Only 1 could be added. The price is now ₹13.00 (was ₹12.50)', variantId: 'v'.padStart(24, '0') }],
        });
      }),
      ...catalogueHandlers,
    );
    renderRoutes(routes, `/my-orders/${ORDER_NUMBER}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Order #${ORDER_NUMBER}` })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again' }));

    const dialog = await screen.findByRole('dialog', { name: `Buy again: order #${ORDER_NUMBER}` });
    expect(asked).toEqual([ORDER_NUMBER]);
    expect(within(dialog).getByText('0 of 1 line added, 1 partly')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('row')[1]).toHaveTextContent('BAV-15Partly added1Only 1 could be added. The price is now ₹13.00 (was ₹12.50)');
    expect(within(dialog).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  });

  it('is not offered on the page an order link opens: buying again is the signed-in owner’s', async () => {
    server.use(http.get(`*/api/order/${ORDER_NUMBER}`, () => envelope({ order: order() })), ...catalogueHandlers);
    renderRoutes(routes, `/orders/${ORDER_NUMBER}?token=${encodeURIComponent(ORDER_TOKEN)}`);
    expect(await screen.findByText(/Placed on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy again' })).not.toBeInTheDocument();
  });
});
