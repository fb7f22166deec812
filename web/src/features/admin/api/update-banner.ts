import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner, BannerData, BannerRequest } from '@/api/types';
import { adminPut } from './admin-call';
import { BANNERS_MUTATION, bannersChanged } from './get-admin-banners';

/** PUT /admin/banner/{id} `{url}`: 'Banner updated'. 400 `errors.url` (a link the shop
 * refuses), 404 'Banner not found'. */
export const updateBanner = (id: string, url: string): Promise<Banner> =>
  adminPut<BannerData>(`/admin/banner/${encodeURIComponent(id)}`, { url } satisfies BannerRequest, 'Failed to save the link').then((data) => data.banner);

export function useUpdateBanner(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: BANNERS_MUTATION,
    mutationFn: (url: string) => updateBanner(id, url),
    onSuccess: (banner) => bannersChanged(client, (old) => old.map((other) => (other._id === banner._id ? banner : other))),
    // A refusal (404) means the list moved on: show it as it now is.
    onError: () => bannersChanged(client),
  });
}
