import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { OrdersTable } from '@/features/admin/components/orders-table';
import { isStatus, STATUS_LABELS, STATUSES } from '@/features/admin/labels';

/** /admin/orders?status&page: every order, newest first. The filter and the page live in
 * the address, so a filtered table can be bookmarked, shared and reloaded. */
export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const show = (next: { status: string | null; page: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">Orders</h1>
        <div className="space-y-1">
          <label htmlFor={filterId} className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id={filterId}
            value={status ?? ''}
            onChange={(event) => show({ status: event.target.value || null, page: 1 })}
            className="h-11 rounded-md border border-slate-300 bg-white px-3 text-sm md:h-9"
          >
            <option value="">All statuses</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <OrdersTable status={status} page={page} onPageChange={(next) => show({ status, page: next })} />
    </div>
  );
}
