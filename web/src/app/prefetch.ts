import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getBannersQueryOptions } from '@/features/catalog/api/get-banners';
import { getCategoriesQueryOptions } from '@/features/catalog/api/get-categories';
import { getHomePageQueryOptions } from '@/features/catalog/api/get-home-page';
import { getProductsQueryOptions } from '@/features/catalog/api/get-products';
import { readListing } from '@/features/catalog/listing';

/** Asks for what the page the shop is opened at shows first, with the same query options
 * its components use, before React has rendered it: the answers come while the page's code
 * loads and runs, instead of after (the home page's banner is its largest picture). The
 * header's categories go with every page. */
export function prefetchFirstPage(client: QueryClient, { pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (pathname === paths.home) {
    void client.prefetchQuery(getBannersQueryOptions());
    void client.prefetchQuery(getHomePageQueryOptions());
  } else if (pathname === paths.shop) {
    void client.prefetchQuery(getProductsQueryOptions(readListing(new URLSearchParams(search))));
  }
  void client.prefetchQuery(getCategoriesQueryOptions());
}
