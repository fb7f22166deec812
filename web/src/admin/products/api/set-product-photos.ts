import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPut } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData } from '@/api/types';

/** PUT /admin/product/{id}/photos `{images}`: the photos to keep, in the order to show
 * them; those left out are removed. 400 'List only photos the product has, each once'.
 * (The body is the server's PhotosRequest, not yet in the generated types.) */
export const setProductPhotos = (id: string, images: string[]): Promise<AdminProduct> =>
  adminPut<AdminProductData>(`/admin/product/${encodeURIComponent(id)}/photos`, { images }, 'Failed to update the photos').then((data) => data.product);

export function useSetProductPhotos(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (images: string[]) => setProductPhotos(id, images), onSuccess: (product) => productsChanged(client, [product]) });
}
