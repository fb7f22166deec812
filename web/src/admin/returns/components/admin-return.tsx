import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatConsoleDateTime, formatRupee } from '@/lib/format';
import { useAdminReturn } from '../api/get-admin-return';
import type { Return } from '../types';
import { ReturnStatusBadge } from './return-badge';
import { ReturnActionsPanel } from './return-actions-panel';
import { ReturnEvents } from './return-events';
import { ReturnLinesTable } from './return-lines-table';
import { ReturnPhotos } from './return-photos';

/** Loads the return with `id` and shows `children(ret)`, or why it cannot (under a
 * heading that names no number yet). */
export function WithAdminReturn({ id, children }: { id: string; children: (ret: Return) => ReactNode }) {
  const ret = useAdminReturn(id);
  if (ret.isPending) {
    return (
      <div role="status" aria-label="Loading return" className="space-y-4">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (ret.isError) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">Return</h1>
        <div role="alert" className="space-y-3">
          <p className="text-red-600">{ret.error.message}</p>
          <Button variant="outline" onClick={() => void ret.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return <>{children(ret.data)}</>;
}

/** One return as staff see it: where it stands and what may be done next, what comes
 * back and why, the shopper's note and photos, the money, and every event. */
export function AdminReturn({ ret }: { ret: Return }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Return {ret.number}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <span>
          Requested <time dateTime={ret.createdAt}>{formatConsoleDateTime(ret.createdAt)}</time>
        </span>
        <span>
          Order{' '}
          <Link to={adminPaths.order(ret.orderNumber)} className="text-brand hover:underline">
            #{ret.orderNumber}
          </Link>
        </span>
        <span className="flex items-center gap-1">
          Status <ReturnStatusBadge status={ret.status} />
        </span>
      </div>
      {ret.reason && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <strong>Reason for rejection:</strong> {ret.reason}
        </p>
      )}
      <ReturnActionsPanel ret={ret} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="return-items-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
            <h2 id="return-items-heading" className="text-base font-semibold">
              Items
            </h2>
            <ReturnLinesTable lines={ret.lines} />
            <div className="space-y-1 text-sm">
              <p>Estimated refund {formatRupee(ret.refundEstimate)}</p>
              {ret.deliveryFee > 0 && <p className="text-slate-600">Delivery fee {formatRupee(ret.deliveryFee)}, refunded only when the refund includes it</p>}
              {ret.refunded != null && <p className="font-semibold">Refunded {formatRupee(ret.refunded)}</p>}
            </div>
          </section>
          <section aria-labelledby="return-shopper-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
            <h2 id="return-shopper-heading" className="text-base font-semibold">
              From the shopper
            </h2>
            <div className="space-y-1">
              <h3 className="text-sm font-medium text-slate-700">Note</h3>
              {ret.note ? <p className="whitespace-pre-line break-words text-sm">{ret.note}</p> : <p className="text-sm text-slate-600">No note.</p>}
            </div>
            <div className="space-y-1">
              <h3 className="text-sm font-medium text-slate-700">Photos</h3>
              <ReturnPhotos photos={ret.photos} />
            </div>
          </section>
        </div>
        <section aria-labelledby="return-activity-heading" className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-4">
          <h2 id="return-activity-heading" className="text-base font-semibold">
            Activity
          </h2>
          <ReturnEvents events={ret.events} />
        </section>
      </div>
    </div>
  );
}
