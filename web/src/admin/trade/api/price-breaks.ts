// A variant's quantity breaks (docs/DESIGN.md §11): for everyone (`groupId` null) and for
// each group that has its own. Saving replaces one audience's breaks and answers with
// every audience's.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPut } from '@/admin/shared/api/admin-call';
import { shopProductsChanged } from '@/admin/shared/api/product-changed';
import type { AudienceBreaks, PriceBreakList, PriceBreaksRequest } from '@/api/types';
import { priceBreaksKey } from '@/api/query-keys';

const breaksPath = (variantId: string) => `/admin/variant/${encodeURIComponent(variantId)}/price-break`;

/** GET /admin/variant/{id}/price-break: every audience's breaks, everyone's first; 404
 * 'Variant not found'. */
export const getPriceBreaks = (variantId: string): Promise<AudienceBreaks[]> =>
  adminGet<PriceBreakList>(breaksPath(variantId), undefined, 'Failed to load the price breaks').then((data) => data.priceBreaks);

export const usePriceBreaks = (variantId: string) => useQuery({ queryKey: priceBreaksKey(variantId), queryFn: () => getPriceBreaks(variantId), staleTime: 0 });

/** PUT /admin/variant/{id}/price-break `{groupId, breaks}` (an empty list removes the
 * audience's): 'Price breaks saved'. 400 `errors.breaks` 'At most 10 breaks',
 * `breaks[1].minQuantity`, `breaks[1].price`, `groupId` 'No such customer group'. */
export const savePriceBreaks = (variantId: string, body: PriceBreaksRequest): Promise<AudienceBreaks[]> =>
  adminPut<PriceBreakList>(breaksPath(variantId), body, 'Failed to save the price breaks').then((data) => data.priceBreaks);

/** The answer is every audience's breaks as they now are: it replaces the cached ones.
 * The shop's product pages and cards carry everyone's breaks, so they load again. */
export function useSavePriceBreaks(variantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceBreaksRequest) => savePriceBreaks(variantId, body),
    onSuccess: (breaks) => {
      client.setQueryData(priceBreaksKey(variantId), breaks);
      return shopProductsChanged(client);
    },
  });
}
