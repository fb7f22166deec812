import { useSearchParams } from 'react-router';
import { pageParam } from '@/admin/shared/components/table-pages';
import type { ActivityQuery } from '../api/get-activity';
import { ActivityLog } from '../components/activity-log';

/** /admin/activity?adminId&objectType&objectId&page: every change administrators made,
 * newest first. The filters live in the address, so other pages can link to one
 * object's history (a customer's page does). */
export function AdminActivityPage() {
  const [params, setParams] = useSearchParams();
  const query: ActivityQuery = {
    adminId: params.get('adminId') ?? '',
    objectType: params.get('objectType') ?? '',
    objectId: params.get('objectId') ?? '',
    page: pageParam(params),
  };
  const show = (next: ActivityQuery) => {
    const search = new URLSearchParams();
    for (const key of ['adminId', 'objectType', 'objectId'] as const) if (next[key]) search.set(key, next[key]);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Activity</h1>
      <ActivityLog query={query} onChange={show} />
    </div>
  );
}
