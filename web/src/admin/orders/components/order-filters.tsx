import { inputClass, Labelled, SearchBox, selectClass } from '@/admin/shared/components/filter-controls';
import { Button } from '@/components/ui/button';
import { FULFILMENT_LABELS, FULFILMENTS, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, STATUS_LABELS, STATUSES } from '../labels';
import { DEFAULT_ORDERS_QUERY, isFiltered, type OrdersQuery } from '../orders-query';

/** The search box and filters of the orders table. Every change goes back to the first
 * page; `onChange` gets the whole new query (the page keeps it in its URL). */
export function OrderFilters({ query, onChange }: { query: OrdersQuery; onChange: (next: OrdersQuery) => void }) {
  const set = (change: Partial<OrdersQuery>) => onChange({ ...query, ...change, page: 1 });
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <SearchBox key={query.q} name="Orders" label="Search orders" placeholder="Order number, e-mail or name" value={query.q} onSearch={(q) => set({ q })} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Labelled label="Status">
          {(id) => (
            <select id={id} value={query.status} onChange={(e) => set({ status: e.target.value as OrdersQuery['status'] })} className={selectClass}>
              <option value="">All statuses</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Payment">
          {(id) => (
            <select id={id} value={query.paymentStatus} onChange={(e) => set({ paymentStatus: e.target.value as OrdersQuery['paymentStatus'] })} className={selectClass}>
              <option value="">Any payment</option>
              {PAYMENT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Fulfilment">
          {(id) => (
            <select id={id} value={query.fulfilment} onChange={(e) => set({ fulfilment: e.target.value as OrdersQuery['fulfilment'] })} className={selectClass}>
              <option value="">Pickup or delivery</option>
              {FULFILMENTS.map((value) => (
                <option key={value} value={value}>
                  {FULFILMENT_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        {/* Days in UTC, both included, as the server counts them. */}
        <Labelled label="Placed from (UTC)">
          {(id) => <input id={id} type="date" value={query.from} max={query.to || undefined} onChange={(e) => set({ from: e.target.value })} className={inputClass} />}
        </Labelled>
        <Labelled label="Placed to (UTC)">
          {(id) => <input id={id} type="date" value={query.to} min={query.from || undefined} onChange={(e) => set({ to: e.target.value })} className={inputClass} />}
        </Labelled>
      </div>
      {isFiltered(query) && (
        <Button variant="ghost" className="h-11 md:h-9" onClick={() => onChange(DEFAULT_ORDERS_QUERY)}>
          Clear search and filters
        </Button>
      )}
    </div>
  );
}
