import { queryOptions, useQuery } from '@tanstack/react-query';
import { SHOP_KEY } from '@/api/query-keys';
import type { ShopFacts } from '@/api/types';
import { apiGet } from '@/lib/api-client';

/** GET /shop: the shop's currency and pickup point (docs/DESIGN.md §15). */
export const getShop = (): Promise<ShopFacts> => apiGet<{ shop: ShopFacts }>('/shop', undefined, 'Failed to load the shop’s details').then((data) => data.shop);

export const getShopQueryOptions = () => queryOptions({ queryKey: SHOP_KEY, queryFn: getShop });

export const useShop = () => useQuery(getShopQueryOptions());
