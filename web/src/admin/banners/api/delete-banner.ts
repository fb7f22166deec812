import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDelete } from '@/admin/shared/api/admin-call';
import { BANNERS_MUTATION } from '@/api/query-keys';
import type { AdminBanner, BannerData } from '@/api/types';
import { bannersChanged } from './get-admin-banners';

/** DELETE /admin/banner/{id}: 'Banner deleted', the banner as it was; its uploaded image
 * leaves the media store. 404 'Banner not found'. */
export const deleteBanner = (id: string): Promise<AdminBanner> =>
  adminDelete<BannerData>(`/admin/banner/${encodeURIComponent(id)}`, 'Failed to delete the banner').then((data) => data.banner);

export function useDeleteBanner(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: BANNERS_MUTATION,
    mutationFn: () => deleteBanner(id),
    onSuccess: (banner) => bannersChanged(client, (old) => old.filter((other) => other._id !== banner._id)),
    // A refusal (404) means the list moved on: show it as it now is.
    onError: () => bannersChanged(client),
  });
}
