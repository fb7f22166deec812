// The applications table's query as the console keeps it in the address (`?status&page`),
// so a filtered table can be bookmarked and reloaded. Open applications are the work, so
// the table opens on them: no status in the address is 'open', and 'all' is every one.
import { pageParam } from '@/admin/shared/components/table-pages';

/** The status filter's choices, in the order shown. */
export const STATUS_FILTERS = { all: 'All', open: 'Open', approved: 'Approved', rejected: 'Rejected' } as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;

export interface ApplicationsQuery {
  status: StatusFilter;
  page: number;
}

const isStatusFilter = (value: string | null): value is StatusFilter => value !== null && value in STATUS_FILTERS;

/** The query an address names; an unknown status reads as the default, open. */
export function parseApplicationsQuery(params: URLSearchParams): ApplicationsQuery {
  const status = params.get('status');
  return { status: isStatusFilter(status) ? status : 'open', page: pageParam(params) };
}

/** The address's query for `query`, leaving out the default status and page 1. */
export function applicationsSearch({ status, page }: ApplicationsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params;
}
