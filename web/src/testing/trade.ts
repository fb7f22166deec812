// Trade accounts as the checkout, order and Statement tests meet them (docs/DESIGN.md §11):
// an approved account with credit, and the Statement's answers.
import { http } from 'msw';
import type { Statement, StatementLine, TradeStanding } from '@/api/types';
import { envelope } from './server';

/** An approved account: ₹500.00 of credit, ₹125.00 of it left, 30 days to pay. */
export function tradeStanding(overrides: Partial<TradeStanding> = {}): TradeStanding {
  return {
    status: 'approved',
    companyName: 'Pipe & Co',
    group: { _id: 'g'.padStart(24, '0'), name: 'Installers' },
    creditLimit: 500,
    termsDays: 30,
    available: 125,
    ...overrides,
  };
}

/** An open order on account: ₹80.00, placed on Mar 01, 2026 and due on Mar 31, 2026. */
export function statementLine(overrides: Partial<StatementLine> = {}): StatementLine {
  return { number: '100001', placedAt: '2026-03-01T10:00:00Z', total: 80, poNumber: 'PO-1001', dueDate: '2026-03-31', standing: 'open', ...overrides };
}

/** GET /trade/statement answering `pages` (by page number) of `total` open orders, with an
 * approved account's figures unless `figures` say otherwise; records what was asked. */
export function statementHandler(
  pages: Record<number, StatementLine[]>,
  { total = Object.values(pages).flat().length, figures = {}, asked = [] }: { total?: number; figures?: Partial<Statement>; asked?: { page: string | null; perPage: string | null }[] } = {},
) {
  return http.get('*/api/trade/statement', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push({ page: query.get('page'), perPage: query.get('perPage') });
    const page = Number(query.get('page'));
    const statement: Statement = { orders: pages[page] ?? [], total, page, perPage: 10, creditLimit: 500, outstanding: 375, available: 125, today: '2026-03-31', ...figures };
    return envelope(statement, 'Statement');
  });
}
