import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import type { Transaction } from '@/features/payments/api/types';
import { configHandler, transaction, transactionsHandler } from '@/testing/payments';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, failure, server, user } from '@/testing/server';
import { http } from 'msw';

const PAGE = '/payment-methods/transection-history';

/** One of each kind on order 100007, a card refused before any order, and cash; newest first. */
const ONE_OF_EACH: Transaction[] = [
  transaction({ _id: 'a'.padStart(24, '0'), kind: 'refund', amount: 44, orderNumber: '100007', createdAt: '2026-03-04T16:30:00Z' }),
  transaction({ _id: 'b'.padStart(24, '0'), kind: 'void', amount: 44, orderNumber: '100007', createdAt: '2026-03-04T16:20:00Z' }),
  transaction({ _id: 'c'.padStart(24, '0'), kind: 'capture', amount: 44, orderNumber: '100007', createdAt: '2026-03-04T16:10:00Z' }),
  transaction({ _id: 'd'.padStart(24, '0'), kind: 'authorization', amount: 44, orderNumber: '100007', createdAt: '2026-03-04T16:05:00Z' }),
  transaction({
    _id: 'e'.padStart(24, '0'),
    kind: 'authorization',
    status: 'failed',
    amount: 44,
    last4: '0002',
    // Refused before any order was placed.
    orderNumber: null,
    createdAt: '2026-03-04T16:00:00Z',
    message: 'Your card was declined.',
  }),
  transaction({ _id: 'f'.padStart(24, '0'), kind: 'capture', amount: 12.5, brand: null, last4: null, orderNumber: '100005', createdAt: '2026-03-03T09:05:00Z' }),
];

/** 23 captures, newest first, on orders 100023 down to 100001. */
const MANY = Array.from({ length: 23 }, (_, i) =>
  transaction({ _id: `m${i}`.padStart(24, '0'), orderNumber: String(100023 - i), amount: 10 + i, createdAt: `2026-03-${String(28 - i).padStart(2, '0')}T10:00:00Z` }),
);

const rows = () => within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/layouts/account-layout'), import('./transaction-history')]));
beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));
afterEach(resetStores);

describe('Transaction History', () => {
  it('shows each row: the masked card (or Cash), what it was for, the date and time, the amount; a refund as money back, a failure with its message', async () => {
    server.use(configHandler(), ...catalogueHandlers, transactionsHandler(ONE_OF_EACH));
    renderRoutes(routes, PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction History' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(6));
    const [refund, release, capture, authorization, failed, cash] = rows();
    expect(refund).toHaveTextContent('•••• 4242Refund for order #100007Mar 04, 2026, 16:30 UTC-₹44.00');
    expect(release).toHaveTextContent('Authorization released for order #100007');
    expect(capture).toHaveTextContent('•••• 4242Payment for order #100007Mar 04, 2026, 16:10 UTC₹44.00');
    expect(capture).not.toHaveTextContent('-₹');
    expect(authorization).toHaveTextContent('Authorization for order #100007');
    expect(failed).toHaveTextContent('•••• 0002Authorization, no order placedMar 04, 2026, 16:00 UTCYour card was declined.₹44.00Failed');
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument();
    expect(cash).toHaveTextContent('CashPayment for order #100005Mar 03, 2026, 09:05 UTC₹12.50');
    for (const row of [refund, capture, cash]) expect(row).not.toHaveTextContent('Failed');
    expect(within(capture).getByRole('link', { name: '#100007' })).toHaveAttribute('href', '/my-orders/100007');
    // Six rows fit one page: no page numbers.
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument();
  });

  it('pages through the history, ten at a time, keeping the page in the address', async () => {
    const asked: { page: number; perPage: number }[] = [];
    server.use(configHandler(), ...catalogueHandlers, transactionsHandler(MANY, asked));
    const { router } = renderRoutes(routes, PAGE);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows()[0]).toHaveTextContent('Payment for order #100023');
    const pages = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent('Payment for order #100003');
    expect(router.state.location.search).toBe('?page=3');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Payment for order #100013'));
    expect(asked).toEqual([
      { page: 1, perPage: 10 },
      { page: 3, perPage: 10 },
      { page: 2, perPage: 10 },
    ]);
  });

  it('opens on the page the address names', async () => {
    server.use(configHandler(), ...catalogueHandlers, transactionsHandler(MANY));
    renderRoutes(routes, `${PAGE}?page=2`);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Payment for order #100013'));
  });

  it('says when there are no transactions yet', async () => {
    server.use(configHandler(), ...catalogueHandlers, transactionsHandler([]));
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Transactions' })).not.toBeInTheDocument();
  });

  it('says when the history cannot be loaded, and tries again', async () => {
    server.use(configHandler(), ...catalogueHandlers, transactionsHandler(ONE_OF_EACH));
    // The first load fails; the second is answered.
    server.use(http.get('*/api/transaction', () => failure(500, 'Failed to load your transactions'), { once: true }));
    renderRoutes(routes, PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your transactions');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(rows()).toHaveLength(6));
  });
});
