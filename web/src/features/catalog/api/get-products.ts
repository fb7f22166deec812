import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productsKey } from '@/api/query-keys';
import type { ProductList } from '@/api/types';
import { apiGet } from '@/lib/api-client';
import { productQuery, type Listing } from '../listing';

export const getProducts = (listing: Listing): Promise<ProductList> =>
  apiGet<ProductList>('/product', productQuery(listing), 'Failed to fetch products');

export const getProductsQueryOptions = (listing: Listing) =>
  queryOptions({
    queryKey: productsKey(productQuery(listing)),
    queryFn: () => getProducts(listing),
    // The last page stays on screen while the next loads ('Updating products...').
    placeholderData: keepPreviousData,
  });

export const useProducts = (listing: Listing) => useQuery(getProductsQueryOptions(listing));
