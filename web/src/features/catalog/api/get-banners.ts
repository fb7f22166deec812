import { queryOptions, useQuery } from '@tanstack/react-query';
import { BANNERS_KEY } from '@/api/query-keys';
import type { Banner } from '@/api/types';
import { apiGet } from '@/lib/api-client';

export const getBanners = (): Promise<Banner[]> => apiGet<Banner[]>('/banner', undefined, 'Failed to fetch banners');

export const getBannersQueryOptions = () =>
  queryOptions({ queryKey: BANNERS_KEY, queryFn: getBanners, refetchOnWindowFocus: false });

export const useBanners = () => useQuery(getBannersQueryOptions());
