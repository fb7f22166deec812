import { Labelled, selectClass } from '@/admin/shared/components/filter-controls';
import { STATUS_LABELS, STATUSES } from '../labels';
import type { ReturnsQuery } from '../paths';

/** The returns table's status filter. A change goes back to the first page; `onChange`
 * gets the whole new query (the page keeps it in its URL). */
export function ReturnFilters({ query, onChange }: { query: ReturnsQuery; onChange: (next: ReturnsQuery) => void }) {
  return (
    <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-5">
      <Labelled label="Status">
        {(id) => (
          <select id={id} value={query.status} onChange={(e) => onChange({ status: e.target.value as ReturnsQuery['status'], page: 1 })} className={selectClass}>
            <option value="">All</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Labelled>
    </div>
  );
}
