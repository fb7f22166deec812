import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, adminPut } from '@/admin/shared/api/admin-call';
import { PROMO_CODE_LISTS_KEY, promoCodeKey } from '@/api/query-keys';
import type { PromoCode, PromoCodeData, PromoRequest } from '@/api/types';

/** POST /admin/promo-code: 201 'Promo code created'; 400 with `errors` by field name; 409
 * 'A promo code with this code exists' (in any case). */
export const createPromoCode = (body: PromoRequest): Promise<PromoCode> =>
  adminPost<PromoCodeData>('/admin/promo-code', body, 'Failed to create the promo code').then((data) => data.promoCode);

/** PUT /admin/promo-code/{id} with every field: 'Promo code updated' (its uses stay); the
 * refusals of creating, `errors.usageLimit` under the uses made, 404 'Promo code not found'. */
export const updatePromoCode = (id: string, body: PromoRequest): Promise<PromoCode> =>
  adminPut<PromoCodeData>(`/admin/promo-code/${encodeURIComponent(id)}`, body, 'Failed to save the promo code').then((data) => data.promoCode);

/** The saved code as answered, and every list stale (its place or figures may have changed). */
function saved(client: QueryClient, promo: PromoCode) {
  client.setQueryData(promoCodeKey(promo._id), promo);
  void client.invalidateQueries({ queryKey: PROMO_CODE_LISTS_KEY });
}

export function useCreatePromoCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createPromoCode, onSuccess: (promo) => saved(client, promo) });
}

export function useUpdatePromoCode(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: PromoRequest) => updatePromoCode(id, body), onSuccess: (promo) => saved(client, promo) });
}
