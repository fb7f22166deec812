import { useSearchParams } from 'react-router';
import { useCan } from '@/admin/shared/permissions';
import { OrderFilters } from '../components/order-filters';
import { OrdersExport } from '../components/orders-export';
import { OrdersTable } from '../components/orders-table';
import { ordersSearch, parseOrdersQuery, type OrdersQuery } from '../orders-query';

/** /admin/orders?status&paymentStatus&fulfilment&from&to&q&page: every order, newest
 * first, searched and filtered. All of it lives in the address, so a filtered table can
 * be bookmarked, shared and reloaded (the dashboard links here that way). Its orders go
 * out as a CSV file, by the days they were placed on (for a role allowed `csv`). */
export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = parseOrdersQuery(params);
  const show = (next: OrdersQuery) => setParams(new URLSearchParams(ordersSearch(next)));
  const exports = useCan('csv');

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Orders</h1>
        {exports && <OrdersExport query={query} />}
      </div>
      <OrderFilters query={query} onChange={show} />
      <OrdersTable query={query} onPageChange={(page) => show({ ...query, page })} />
    </div>
  );
}
