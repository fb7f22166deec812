import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData } from '@/api/types';
import { MAX_PHOTOS } from '@/lib/rules';

/** How many photos a product may have, and how large each file may be (the server's limits). */
export { MAX_PHOTOS };
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** POST /admin/product/{id}/photos (multipart, each file under `images`): 'Photos added',
 * placed after those the product has. 400 none or more than 8 in all, 413 over 10 MB or
 * 40 megapixels, 415 not a JPEG, PNG, GIF or WebP, 422 unreadable; nothing is kept then. */
export const addProductPhotos = (id: string, files: File[]): Promise<AdminProduct> => {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return adminPost<AdminProductData>(`/admin/product/${encodeURIComponent(id)}/photos`, form, 'Failed to add the photos').then((data) => data.product);
};

export function useAddProductPhotos(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (files: File[]) => addProductPhotos(id, files), onSuccess: (product) => productsChanged(client, [product]) });
}
