import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { BANNERS_MUTATION } from '@/api/query-keys';
import type { AdminBanner, BannerData } from '@/api/types';
import { bannersChanged } from './get-admin-banners';

/** POST /admin/banner (multipart: one `image`, and `url`): 201 'Banner created', after the
 * others. 400 `errors.image` 'Choose an image' or `errors.url` (a link the shop refuses);
 * 413 'The image must be at most 10 MB' or over 40 megapixels; 415 not a JPEG, PNG, GIF or
 * WebP; 422 unreadable. A refused upload leaves nothing behind. */
export const createBanner = ({ image, url }: { image: File; url: string }): Promise<AdminBanner> => {
  const form = new FormData();
  form.append('image', image);
  form.append('url', url);
  return adminPost<BannerData>('/admin/banner', form, 'Failed to add the banner').then((data) => data.banner);
};

export function useCreateBanner() {
  const client = useQueryClient();
  return useMutation({ mutationKey: BANNERS_MUTATION, mutationFn: createBanner, onSuccess: (banner) => bannersChanged(client, (old) => [...old, banner]) });
}
