import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageKey } from '@/api/query-keys';
import type { Page, PageData } from '@/api/types';
import { ApiError, apiGet } from '@/lib/api-client';

/** GET /page/{slug}: one of the shop's own pages (privacy, terms, …); 404 'Page not found'. */
export const getPage = (slug: string): Promise<Page> =>
  apiGet<PageData>(`/page/${encodeURIComponent(slug)}`, undefined, 'Failed to load the page').then((data) => data.page);

export const getPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: pageKey(slug),
    queryFn: () => getPage(slug),
    // No page has an unknown slug: asking again would not make one.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export const usePage = (slug: string) => useQuery(getPageQueryOptions(slug));
