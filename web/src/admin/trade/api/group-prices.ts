// A customer group's own prices per variant (docs/DESIGN.md §11): a page of them, found by
// SKU or product name, and setting or removing some at once. A variant is named by SKU
// when staff add one, so the shop's public SKU call finds its id.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPut } from '@/admin/shared/api/admin-call';
import type { GroupPriceList, PricesRequest } from '@/api/types';
import { groupPricesKey, groupPricesPageKey } from '@/api/query-keys';

/** How many prices the grid shows on a page (the server's default). */
export const GROUP_PRICES_PER_PAGE = 50;

export type GroupPricesQuery = { q: string; page: number };

/** GET /admin/customer-group/{id}/price?q&page&perPage: 'Group prices', by SKU; `q`
 * matches the start of a SKU or a word of the product's name. 404 'Customer group not
 * found'. */
export const getGroupPrices = (groupId: string, { q, page }: GroupPricesQuery) =>
  adminGet<GroupPriceList>(`/admin/customer-group/${encodeURIComponent(groupId)}/price`, { q, page, perPage: GROUP_PRICES_PER_PAGE }, 'Failed to load the group prices');

export const getGroupPricesQueryOptions = (groupId: string, query: GroupPricesQuery) =>
  queryOptions({ queryKey: groupPricesPageKey(groupId, query), queryFn: () => getGroupPrices(groupId, query), placeholderData: keepPreviousData, staleTime: 0 });

export const useGroupPrices = (groupId: string, query: GroupPricesQuery) => useQuery(getGroupPricesQueryOptions(groupId, query));

/** PUT /admin/customer-group/{id}/price `{prices: [{variantId, price | null}]}` (1 to 500
 * lines, each variant once; null removes the group's price): 'Group prices saved'. 400
 * with `errors` keyed by line (`prices[0].variantId` 'No such variant', `prices[2].price`). */
export const saveGroupPrices = (groupId: string, body: PricesRequest) =>
  adminPut<GroupPriceList>(`/admin/customer-group/${encodeURIComponent(groupId)}/price`, body, 'Failed to save the group prices');

/** Every page of the group's prices loads again after a save: a new price may land on
 * any of them. */
export function useSaveGroupPrices(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PricesRequest) => saveGroupPrices(groupId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: groupPricesKey(groupId) }),
  });
}

/** GET /sku/{sku} (the shop's own call, any case; a '/' in a SKU travels as %2F): the
 * variant's id; 404 'No product has this SKU' (archived variants are not found). */
export const findVariantId = (sku: string): Promise<string> =>
  adminGet<{ variant: { _id: string } }>(`/sku/${encodeURIComponent(sku)}`, undefined, 'Failed to look the SKU up').then((data) => data.variant._id);
