import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, failure, server, user } from '@/testing/server';
import { statementHandler, statementLine } from '@/testing/trade';

// The account area's Statement (docs/DESIGN.md §11): the account's credit, and its open
// orders on account with their due dates.

const DUE_LATER = statementLine({ number: '100003', placedAt: '2026-03-20T09:00:00Z', poNumber: 'PO-3', total: 150, dueDate: '2026-04-19', standing: 'open' });
const DUE_TODAY = statementLine({ number: '100002', placedAt: '2026-03-01T10:00:00Z', poNumber: 'PO-2', total: 145, dueDate: '2026-03-31', standing: 'due' });
const OVERDUE = statementLine({ number: '100001', placedAt: '2026-02-01T08:00:00Z', poNumber: 'PO-1', total: 80, dueDate: '2026-03-03', standing: 'overdue' });

const table = () => screen.getByRole('table', { name: 'Open orders on account' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const summary = () => screen.getByLabelText('Account summary');

async function openPage(path = '/statement') {
  const view = renderRoutes(routes, path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Statement' })).toBeInTheDocument();
  return view;
}

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/layouts/account-layout'), import('./statement')]));
beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));
afterEach(resetStores);

describe('Statement', () => {
  it('shows the credit figures and lists the open orders with their standing, under the account menu', async () => {
    server.use(statementHandler({ 1: [DUE_LATER, DUE_TODAY, OVERDUE] }), ...catalogueHandlers);
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.title).toBe('Statement | Shop');
    const menu = within(screen.getByRole('navigation', { name: 'Account' })).getAllByRole('link').map((link) => link.textContent);
    expect(menu.slice(-3)).toEqual(['Trade Account', 'Statement', 'Quick Order']);
    expect(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'Statement' })).toHaveAttribute('aria-current', 'page');

    expect(summary()).toHaveTextContent('Credit limit₹500.00Outstanding₹375.00Available₹125.00');
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Placed', 'PO number', 'Total', 'Due date', 'Status']);
    expect(rows().map((row) => row.textContent)).toEqual([
      '#100003Mar 20, 2026PO-3₹150.00Apr 19, 2026Open',
      '#100002Mar 01, 2026PO-2₹145.00Mar 31, 2026Due today',
      '#100001Feb 01, 2026PO-1₹80.00Mar 03, 2026Overdue',
    ]);
    const [later, today, overdue] = rows();
    expect(within(overdue).getByRole('link', { name: '#100001' })).toHaveAttribute('href', '/my-orders/100001');
    // Only the overdue order stands out.
    expect(overdue).toHaveClass('bg-red-50');
    expect(within(overdue).getByText('Overdue')).toHaveClass('bg-red-600');
    expect(later).not.toHaveClass('bg-red-50');
    expect(today).not.toHaveClass('bg-red-50');
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).not.toBeInTheDocument();
  });

  it('pages through the open orders, keeping the page in the address', async () => {
    const asked: { page: string | null; perPage: string | null }[] = [];
    const firstPage = Array.from({ length: 10 }, (_, i) => statementLine({ number: String(100020 - i) }));
    server.use(statementHandler({ 1: firstPage, 2: [OVERDUE] }, { total: 11, asked }), ...catalogueHandlers);
    const { router } = await openPage();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Statement pages' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('#100001');
    expect(router.state.location.search).toBe('?page=2');
    expect(asked).toEqual([
      { page: '1', perPage: '10' },
      { page: '2', perPage: '10' },
    ]);
  });

  it('says when the account has no open orders, with its figures', async () => {
    server.use(statementHandler({}, { figures: { outstanding: 0, available: 500 } }), ...catalogueHandlers);
    await openPage();
    expect(await screen.findByText('No open orders on account.')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('Credit limit₹500.00Outstanding₹0.00Available₹500.00');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells a customer without an approved account where pay on account comes from', async () => {
    server.use(statementHandler({}, { figures: { creditLimit: 0, outstanding: 0, available: 0 } }), ...catalogueHandlers);
    await openPage();
    expect(await screen.findByText('Pay on account comes with an approved trade account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Trade Account' })).toHaveAttribute('href', '/trade-account');
    expect(screen.queryByLabelText('Account summary')).not.toBeInTheDocument();
    expect(screen.queryByText('No open orders on account.')).not.toBeInTheDocument();
  });

  it('says when the statement cannot be loaded, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/trade/statement', () => {
        calls += 1;
        return failure(500, 'Failed to load your statement');
      }),
      ...catalogueHandlers,
    );
    await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your statement');
    server.use(statementHandler({ 1: [OVERDUE] }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls).toBe(1);
  });
});
