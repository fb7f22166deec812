import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { tradeStandingKey } from '@/api/query-keys';
import type { TradeStanding } from '@/api/types';
import { resetStores } from '@/testing/render';
import { currentUserHandler, server, user } from '@/testing/server';
import { tradeStanding } from '@/testing/trade';
import { useAuth } from '../store';
import { AccountDropdown } from './account-dropdown';

afterEach(resetStores);

/** The menu, open as it starts, signed in as Ada whose trade account stands as `trade` says;
 * with the query client, to tell when the answer is in. */
function openMenu(trade: TradeStanding | null) {
  server.use(currentUserHandler(trade));
  useAuth.getState().signIn(user(), 'token-123');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <AccountDropdown trigger={<button type="button">Account menu</button>} /> },
    { path: '*', element: <p>Another page</p> },
  ]);
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  const answered = () => waitFor(() => expect(client.getQueryState(tradeStandingKey(user()._id))?.status).toBe('success'));
  return { router, answered };
}

describe('AccountDropdown', () => {
  it('offers an approved trade account its Statement', async () => {
    openMenu(tradeStanding());
    await screen.findByRole('menuitem', { name: 'Statement' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile Settings', 'Wishlist', 'Trade Account', 'Statement', 'Quick Order', 'Logout']);
  });

  it.each([
    ['a customer who never applied', null],
    ['an application being reviewed', tradeStanding({ status: 'open', creditLimit: 0, termsDays: 0, available: 0, group: null })],
    ['a rejected application', tradeStanding({ status: 'rejected', creditLimit: 0, termsDays: 0, available: 0, group: null })],
  ])('offers %s no Statement', async (_, trade) => {
    const { answered } = openMenu(trade);
    await answered();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile Settings', 'Wishlist', 'Trade Account', 'Quick Order', 'Logout']);
  });

  it.each([
    ['Trade Account', '/trade-account'],
    ['Statement', '/statement'],
    ['Quick Order', '/quick-order'],
  ])('leads %s to its page', async (name, path) => {
    const { router } = openMenu(tradeStanding());
    fireEvent.click(await screen.findByRole('menuitem', { name }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
