// How the console words trade applications: the trades an applicant names, and where an
// application stands.
import type { AdminTradeApplication, TradeKind } from '@/api/types';
import { formatRupee } from '@/lib/format';

export const TRADE_LABELS: Record<TradeKind, string> = {
  plumber: 'Plumber',
  heating_engineer: 'Heating engineer',
  builder: 'Builder',
  electrician: 'Electrician',
  other: 'Other',
};

/** 'Heating engineer'; a trade newer than this list as its name. */
export const tradeLabel = (trade: string) => TRADE_LABELS[trade as TradeKind] ?? trade.replace(/_/g, ' ');

export const STATUS_LABELS: Record<string, string> = { open: 'Open', approved: 'Approved', rejected: 'Rejected' };

/** An approval's terms in one line: 'Trade · credit ₹5000.00 · 30 days' ('no credit'
 * for 0: the account cannot pay on account; a group deleted since reads as 'no group'). */
export function approvalTerms(application: Pick<AdminTradeApplication, 'group' | 'creditLimit' | 'termsDays'>): string {
  const credit = application.creditLimit ? `credit ${formatRupee(application.creditLimit)}` : 'no credit';
  const days = application.termsDays === 1 ? '1 day' : `${application.termsDays ?? 0} days`;
  return `${application.group?.name ?? 'No group'} · ${credit} · ${days}`;
}
