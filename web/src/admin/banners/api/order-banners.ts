import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { BANNERS_MUTATION } from '@/api/query-keys';
import type { BannerList, DisplayOrderRequest } from '@/api/types';
import { bannersChanged } from './get-admin-banners';

/** POST /admin/banner/order `{ids}`: every banner's `_id`, each once, first shown first;
 * 'Banners reordered' with the banners in their new order. 400 'List every banner
 * exactly once' (the list changed since it was read). */
export const orderBanners = (ids: string[]) =>
  adminPost<BannerList>('/admin/banner/order', { ids } satisfies DisplayOrderRequest, 'Failed to reorder the banners').then((data) => data.banners);

export function useOrderBanners() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: BANNERS_MUTATION,
    mutationFn: orderBanners,
    onSuccess: (banners) => bannersChanged(client, () => banners),
    // A refusal means the list moved on: show it as it now is.
    onError: () => bannersChanged(client),
  });
}
