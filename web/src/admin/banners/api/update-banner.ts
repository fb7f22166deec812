import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPut } from '@/admin/shared/api/admin-call';
import { BANNERS_MUTATION } from '@/api/query-keys';
import type { AdminBanner, BannerData, BannerRequest } from '@/api/types';
import { bannersChanged } from './get-admin-banners';

/** PUT /admin/banner/{id} `{url, version}`: 'Banner updated'. 400 `errors.url` (a link the
 * shop refuses), 404 'Banner not found', 409 'This changed since you opened it: reload to
 * see the latest' (another administrator saved it since `version`). */
export const updateBanner = (id: string, url: string, version: number): Promise<AdminBanner> =>
  adminPut<BannerData>(`/admin/banner/${encodeURIComponent(id)}`, { url, version } satisfies BannerRequest, 'Failed to save the link').then((data) => data.banner);

/** Saves banner `id`'s link, as loaded at `version`. */
export function useUpdateBanner(id: string, version: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: BANNERS_MUTATION,
    mutationFn: (url: string) => updateBanner(id, url, version),
    onSuccess: (banner) => bannersChanged(client, (old) => old.map((other) => (other._id === banner._id ? banner : other))),
    // A refusal (404, or 409 for a stale save) means the list moved on: show it as it now is.
    onError: () => bannersChanged(client),
  });
}
