import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { ADMIN_BANNERS_KEY, BANNERS_KEY } from '@/api/query-keys';
import type { AdminBanner, BannerList } from '@/api/types';

/** GET /admin/banner: 'Banners', every banner in the carousel's order. */
export const getAdminBanners = () => adminGet<BannerList>('/admin/banner', undefined, 'Failed to load the banners').then((data) => data.banners);

export const getAdminBannersQueryOptions = () => queryOptions({ queryKey: ADMIN_BANNERS_KEY, queryFn: getAdminBanners, staleTime: 0 });

export const useAdminBanners = () => useQuery(getAdminBannersQueryOptions());

/** After a change: the console's list at once as the answer says (`update`), then read
 * again, in case another administrator changed it too; and the home page's carousel (the
 * shop's own copy) read again. */
export function bannersChanged(client: QueryClient, update?: (banners: AdminBanner[]) => AdminBanner[]): Promise<unknown> {
  if (update) client.setQueryData<AdminBanner[]>(ADMIN_BANNERS_KEY, (old) => old && update(old));
  return Promise.all([client.invalidateQueries({ queryKey: ADMIN_BANNERS_KEY }), client.invalidateQueries({ queryKey: BANNERS_KEY })]);
}
