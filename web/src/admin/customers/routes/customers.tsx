import { useSearchParams } from 'react-router';
import { SearchBox } from '@/admin/shared/components/filter-controls';
import { pageParam } from '@/admin/shared/components/table-pages';
import { CustomersTable } from '../components/customers-table';

/** /admin/customers?q&page: every customer, newest first, searched by the start of their
 * name or e-mail. Both live in the address, so a search can be bookmarked and reloaded. */
export function AdminCustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageParam(params);
  const show = (next: { q: string; page: number }) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Customers</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-3">
        <SearchBox key={q} name="Customers" label="Search customers" placeholder="Start of a name or e-mail" value={q} onSearch={(text) => show({ q: text, page: 1 })} />
      </div>
      <CustomersTable q={q} page={page} onPageChange={(next) => show({ q, page: next })} />
    </div>
  );
}
