import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { activityKey } from '@/api/query-keys';
import type { ActivityList } from '@/api/types';

/** How many entries the log shows on a page. */
export const ACTIVITY_PER_PAGE = 25;

/** What the log shows: empty filters are no filters. */
export interface ActivityQuery {
  adminId: string;
  objectType: string;
  objectId: string;
  page: number;
}

/** Every change an administrator made, newest first; the filters combine. 400 'adminId
 * must be an administrator's _id' and the like name a refused parameter. */
export const getActivity = ({ page, ...filters }: ActivityQuery) =>
  adminGet<ActivityList>('/admin/activity', { ...filters, page, perPage: ACTIVITY_PER_PAGE }, 'Failed to load the activity');

export const getActivityQueryOptions = (query: ActivityQuery) =>
  queryOptions({ queryKey: activityKey(query), queryFn: () => getActivity(query), placeholderData: keepPreviousData, staleTime: 0 });

export const useActivity = (query: ActivityQuery) => useQuery(getActivityQueryOptions(query));
