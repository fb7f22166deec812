import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_PAGE_KEY } from '@/api/query-keys';
import type { HomePage } from '@/api/types';
import { apiGet } from '@/lib/api-client';
import { FIVE_MINUTES } from '@/lib/query-client';

export const getHomePage = (): Promise<HomePage> =>
  apiGet<HomePage>('/user/home-page', undefined, 'Failed to load homepage data');

// Homepage data stays fresh for 5 minutes, with no refetch on focus or reconnect (spec §9).
export const getHomePageQueryOptions = () =>
  queryOptions({
    queryKey: HOME_PAGE_KEY,
    queryFn: getHomePage,
    staleTime: FIVE_MINUTES,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useHomePage = () => useQuery(getHomePageQueryOptions());
