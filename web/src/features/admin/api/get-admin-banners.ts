import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBanner, BannerList } from '@/api/types';
import { adminGet } from './admin-call';

export const ADMIN_BANNERS_KEY = ['admin', 'banners'] as const;

/** The shop's own copy, the home page's carousel (features/catalog/api/get-banners.ts).
 * Named here, not imported: a console import of that module would take it out of the
 * home page's chunk into a chunk of its own, one more file on every shopper's first page. */
const SHOP_BANNERS_KEY = ['banners'] as const;

/** Every mutation of the banners carries this key: a move sends the whole order, so it
 * waits until no other change is on its way. */
export const BANNERS_MUTATION = ['admin', 'banners', 'change'] as const;

/** GET /admin/banner: 'Banners', every banner in the carousel's order. */
export const getAdminBanners = () => adminGet<BannerList>('/admin/banner', undefined, 'Failed to load the banners').then((data) => data.banners);

export const getAdminBannersQueryOptions = () => queryOptions({ queryKey: ADMIN_BANNERS_KEY, queryFn: getAdminBanners, staleTime: 0 });

export const useAdminBanners = () => useQuery(getAdminBannersQueryOptions());

/** After a change: the console's list at once as the answer says (`update`), then read
 * again, in case another administrator changed it too; and the home page's carousel (the
 * shop's own copy) read again. */
export function bannersChanged(client: QueryClient, update?: (banners: AdminBanner[]) => AdminBanner[]): Promise<unknown> {
  if (update) client.setQueryData<AdminBanner[]>(ADMIN_BANNERS_KEY, (old) => old && update(old));
  return Promise.all([client.invalidateQueries({ queryKey: ADMIN_BANNERS_KEY }), client.invalidateQueries({ queryKey: SHOP_BANNERS_KEY })]);
}
