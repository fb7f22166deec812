import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { adminProductsKey } from '@/api/query-keys';
import type { AdminProductList } from '@/api/types';
import type { ProductsQuery } from '../products';

/** How many products the table shows on a page. */
export const ADMIN_PRODUCTS_PER_PAGE = 20;

/** A page of `perPage` products (the table's 20 unless said), searched, filtered and sorted
 * as `query` says (empty filters are left out): those in the shop, or with `archived` the
 * archived ones; 400 naming the parameter for a value the server does not take. */
export const getAdminProducts = ({ q, categoryId, subCategoryId, stock, featured, weight, archived, sortField, sortOrder, page }: ProductsQuery, perPage = ADMIN_PRODUCTS_PER_PAGE) =>
  adminGet<AdminProductList>(
    '/admin/product',
    { q, categoryId, subCategoryId, stock, featured, weight, archived, sortField, sortOrder, page, perPage },
    'Failed to load the products',
  );

export const getAdminProductsQueryOptions = (query: ProductsQuery, perPage = ADMIN_PRODUCTS_PER_PAGE) =>
  queryOptions({
    queryKey: adminProductsKey({ ...query, perPage }),
    queryFn: () => getAdminProducts(query, perPage),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    // Orders move stock all the time: the table is read fresh whenever it is opened.
    staleTime: 0,
  });

export const useAdminProducts = (query: ProductsQuery, { perPage = ADMIN_PRODUCTS_PER_PAGE, enabled = true }: { perPage?: number; enabled?: boolean } = {}) =>
  useQuery({ ...getAdminProductsQueryOptions(query, perPage), enabled });
