import { screen, waitFor, within } from '@testing-library/react';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth';
import { order } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, server, unexpected, user } from '@/testing/server';
import { aReturn, type Asked, COMPLETED, GUEST_ORDER_PAGE, ORDER_NUMBER, ORDER_TOKEN, orderHandlers, orderReturns, RETURN_ID } from '../testing/fixtures';

const TOKEN_QUERY = `?token=${encodeURIComponent(ORDER_TOKEN)}`;
const itemsShown = () => screen.findByRole('list', { name: 'Items' });

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/routes/order'), import('@/app/routes/my-order'), import('@/app/layouts/account-layout')]));
beforeEach(() => server.use(...catalogueHandlers));
afterEach(resetStores);

describe('A completed order’s returns on its page', () => {
  it('offers Return items with the order link’s token while something can go back, until when, and lists the returns', async () => {
    const asked: Asked[] = [];
    const refunded = aReturn({ _id: 'q'.padStart(24, '0'), number: 'R-000002', status: 'refunded', refunded: 10, createdAt: '2026-03-05T09:00:00Z' });
    server.use(...orderHandlers(() => COMPLETED, () => orderReturns({ returns: [refunded, aReturn()] }), asked));
    renderRoutes(routes, GUEST_ORDER_PAGE);

    const link = await screen.findByRole('link', { name: 'Return items' });
    expect(link).toHaveAttribute('href', `/orders/${ORDER_NUMBER}/return${TOKEN_QUERY}`);
    expect(screen.getByText(/You can return items until/)).toHaveTextContent('You can return items until Apr 02, 2026');
    expect(asked).toEqual([{ token: ORDER_TOKEN, authorization: null }]);

    const returns = within(screen.getByRole('list', { name: 'Returns' })).getAllByRole('listitem');
    expect(returns.map((item) => item.getAttribute('aria-label'))).toEqual(['Return R-000002', 'Return R-000001']);
    expect(within(returns[0]).getByRole('link', { name: 'R-000002' })).toHaveAttribute('href', `/returns/${'q'.padStart(24, '0')}${TOKEN_QUERY}`);
    expect(returns[0]).toHaveTextContent('Refunded ₹10.00');
    expect(within(returns[1]).getByRole('link', { name: 'R-000001' })).toHaveAttribute('href', `/returns/${RETURN_ID}${TOKEN_QUERY}`);
    expect(returns[1]).toHaveTextContent('Requested on Mar 04, 2026');
    expect(returns[1]).toHaveTextContent('Requested');
    expect(returns[1]).toHaveTextContent('Estimated refund ₹12.50');
  });

  it('offers no Return items once the window has closed, but still lists the returns', async () => {
    server.use(...orderHandlers(() => COMPLETED, () => orderReturns({ returnableUntil: null, returns: [aReturn({ status: 'rejected', reason: 'Used' })] })));
    renderRoutes(routes, GUEST_ORDER_PAGE);
    const returns = await screen.findByRole('list', { name: 'Returns' });
    expect(returns).toHaveTextContent('Rejected');
    // Nothing will be refunded.
    expect(returns).not.toHaveTextContent('refund');
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
    expect(screen.queryByText(/You can return items until/)).not.toBeInTheDocument();
  });

  it('offers no Return items when everything is already being returned, and shows nothing without returns or a window', async () => {
    const nothingLeft = orderReturns({ returnable: orderReturns().returnable.map((r) => ({ ...r, quantity: 0 })), returns: [aReturn()] });
    server.use(...orderHandlers(() => COMPLETED, () => nothingLeft));
    const view = renderRoutes(routes, GUEST_ORDER_PAGE);
    expect(await screen.findByRole('list', { name: 'Returns' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
    view.unmount();

    const asked: Asked[] = [];
    server.use(...orderHandlers(() => COMPLETED, () => orderReturns({ returnableUntil: null }), asked));
    renderRoutes(routes, GUEST_ORDER_PAGE);
    await itemsShown();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Returns' })).not.toBeInTheDocument();
  });

  it('does not ask for the returns of an order that is not completed', async () => {
    const returns = unexpected('get', `*/api/order/${ORDER_NUMBER}/return`);
    server.use(returns.handler, ...orderHandlers(() => order({ status: 'shipped', fulfilment: 'delivery', cancellable: false }), () => orderReturns()));
    renderRoutes(routes, GUEST_ORDER_PAGE);
    await itemsShown();
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();
    expect(returns.calls).not.toHaveBeenCalled();
  });

  it('asks with the bearer on the signed-in shopper’s page, whose links need no token', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    const asked: Asked[] = [];
    server.use(...orderHandlers(() => COMPLETED, () => orderReturns({ returns: [aReturn()] }), asked));
    renderRoutes(routes, `/my-orders/${ORDER_NUMBER}`);
    expect(await screen.findByRole('link', { name: 'Return items' })).toHaveAttribute('href', `/orders/${ORDER_NUMBER}/return`);
    expect(screen.getByRole('link', { name: 'R-000001' })).toHaveAttribute('href', `/returns/${RETURN_ID}`);
    expect(asked).toEqual([{ token: null, authorization: 'Bearer token-123' }]);
  });
});
