import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { promoCodeKey, promoCodesKey } from '@/api/query-keys';
import type { PromoCode, PromoCodeList } from '@/api/types';

/** How many codes the table shows on a page. */
export const ADMIN_PROMO_CODES_PER_PAGE = 20;
/** The most the server gives in one page: how far the edit page looks at a time. */
const LOOKUP_PER_PAGE = 100;

/** A page of codes, newest first. */
export const getPromoCodes = (page: number, perPage = ADMIN_PROMO_CODES_PER_PAGE) =>
  adminGet<PromoCodeList>('/admin/promo-code', { page, perPage }, 'Failed to load the promo codes');

export const getPromoCodesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: promoCodesKey(page),
    queryFn: () => getPromoCodes(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePromoCodes = (page: number) => useQuery(getPromoCodesQueryOptions(page));

/** The code with `id`. The server lists codes but has no call for one, so this reads the
 * list a hundred at a time until it finds it; 'Promo code not found' when it is in none. */
export async function getPromoCode(id: string): Promise<PromoCode> {
  for (let page = 1; ; page += 1) {
    const { promoCodes, total } = await getPromoCodes(page, LOOKUP_PER_PAGE);
    const found = promoCodes.find((promo) => promo._id === id);
    if (found) return found;
    if (page * LOOKUP_PER_PAGE >= total || promoCodes.length === 0) throw new Error('Promo code not found');
  }
}

export const usePromoCode = (id: string) => useQuery({ queryKey: promoCodeKey(id), queryFn: () => getPromoCode(id), staleTime: 0 });
