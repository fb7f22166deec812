import { useSearchParams } from 'react-router';
import { ReturnFilters } from '../components/return-filters';
import { ReturnsTable } from '../components/returns-table';
import { parseReturnsQuery, returnsSearch, type ReturnsQuery } from '../paths';

/** /admin/returns?status&page: every return shoppers asked for, newest first, or those at
 * one status. The filter and page live in the address, so a filtered table can be
 * bookmarked, shared and reloaded. */
export function AdminReturnsPage() {
  const [params, setParams] = useSearchParams();
  const query = parseReturnsQuery(params);
  const show = (next: ReturnsQuery) => setParams(new URLSearchParams(returnsSearch(next)));

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Returns</h1>
      <ReturnFilters query={query} onChange={show} />
      <ReturnsTable query={query} onPageChange={(page) => show({ ...query, page })} />
    </div>
  );
}
