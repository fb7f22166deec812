import { formatRupee } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Return, ReturnStatus } from '../api/types';
import { STATUS_LABELS } from '../returns';

const STATUS_STYLES: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800',
  approved: 'bg-sky-50 text-sky-800',
  received: 'bg-sky-50 text-sky-800',
  refunded: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-red-50 text-red-700',
  cancelled: 'bg-slate-100 text-slate-700',
};

/** A return's status as a small badge. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLES[status])}>{STATUS_LABELS[status]}</span>;
}

/** What the return gives back: 'Refunded ₹X' once refunded, 'Estimated refund ₹X' while
 * it may; nothing once rejected or cancelled. */
export function refundText({ status, refunded, refundEstimate }: Pick<Return, 'status' | 'refunded' | 'refundEstimate'>): string | null {
  if (status === 'refunded' && refunded != null) return `Refunded ${formatRupee(refunded)}`;
  if (status === 'rejected' || status === 'cancelled') return null;
  return `Estimated refund ${formatRupee(refundEstimate)}`;
}
