// The console's returns addresses. The app shell's side menu and routes name them; the
// area's own links use them too.
import { pageParam } from '@/admin/shared/components/table-pages';
import { isStatus } from './labels';
import type { ReturnStatus } from './types';

export const returnsPaths = {
  /** The returns table; `status` and `page` are its query string. */
  returns: '/admin/returns',
  returnsAt: (query: Partial<ReturnsQuery>) => `/admin/returns${returnsSearch(query)}`,
  /** One return, by its id. */
  return: (id: string) => `/admin/returns/${encodeURIComponent(id)}`,
} as const;

/** What the returns table shows: every return, or those at one status; a page of them. */
export interface ReturnsQuery {
  status: ReturnStatus | '';
  page: number;
}

export const DEFAULT_RETURNS_QUERY: ReturnsQuery = { status: '', page: 1 };

/** The query an address names; a status the server would refuse is left out. */
export function parseReturnsQuery(params: URLSearchParams): ReturnsQuery {
  const status = params.get('status');
  return { status: isStatus(status) ? status : '', page: pageParam(params) };
}

/** The address's query string for `query` ('' or `?…`), leaving out what is unset and page 1. */
export function returnsSearch(query: Partial<ReturnsQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
