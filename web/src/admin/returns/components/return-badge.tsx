import { cn } from '@/lib/utils';
import { STATUS_LABELS } from '../labels';
import type { ReturnStatus } from '../types';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

const STATUS_COLOURS: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  received: 'bg-violet-100 text-violet-900',
  refunded: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** Where the return stands, in words (the colour only repeats them). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={cn(badge, STATUS_COLOURS[status])}>{STATUS_LABELS[status] ?? status}</span>;
}
