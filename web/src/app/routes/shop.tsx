import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProducts } from '@/features/catalog/api/get-products';
import { ListingFilters } from '@/features/catalog/components/listing-filters';
import { Pagination } from '@/components/ui/pagination';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { listingPages, listingSearch, readListing, SKELETON_CARDS, sortOptions, type Listing, type SortValue } from '@/features/catalog/listing';
import { quickAddAction } from '@/features/cart/components/quick-add';
import { wishlistHeartAction } from '@/features/wishlist/components/wishlist-heart';
import { listingName, useDocumentTitle } from '@/lib/page-title';

/** The shop listing (spec §2): everything it shows comes from the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const listing = readListing(params);
  const products = useProducts(listing);
  // A category's listing is titled as the server titles it (its <title> on a full load).
  const category = useCategories().data?.categories.find((one) => one._id === listing.category);
  const subCategory = category?.subCategories.find((sub) => sub._id === listing.subCategory);
  useDocumentTitle(listing.keyword ? `Results for "${listing.keyword}"` : category ? listingName(category.title, subCategory?.title) : 'All products');
  // On phones the filters fold away behind a button; from md up they are always shown.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [listing.category, listing.subCategory, listing.minPrice || listing.maxPrice].filter(Boolean).length;

  // A filter or a page of the same listing is no new page: it keeps the scroll (PageBehaviour).
  const change = (next: Partial<Listing>) => setParams(listingSearch({ ...listing, ...next }), { preventScrollReset: true });
  const goToPage = (page: number) => {
    change({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const totalPages = products.data ? Math.max(1, Math.ceil(products.data.total / products.data.perPage)) : 1;

  return (
    <div>
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Shop' }]} />
      <div className="grid gap-4 md:grid-cols-[220px_1fr] md:gap-8">
        <div>
          <Button
            variant="outline"
            className="h-11 w-full md:hidden"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Filters{activeFilters > 0 && ` (${activeFilters})`}
          </Button>
          <ListingFilters id="listing-filters" className={filtersOpen ? 'mt-4 md:mt-0' : 'hidden md:block'} listing={listing} facets={products.data?.facets} onChange={change} />
        </div>
        <section aria-label="Products" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold">{listing.keyword ? `Results for "${listing.keyword}"` : 'Shop'}</h1>
            <div className="flex items-center gap-2">
              {products.isPlaceholderData && (
                <span role="status" className="text-sm text-slate-500">
                  Updating products...
                </span>
              )}
              <label htmlFor="sort" className="text-sm text-slate-600">
                Sort by
              </label>
              <select
                id="sort"
                className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
                value={listing.sort}
                onChange={(e) => change({ sort: e.target.value as SortValue, page: 1 })}
              >
                {/* 'Best match' only for a keyword search. */}
                {sortOptions(listing.keyword).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {products.isPending ? (
            <ProductGridSkeleton count={SKELETON_CARDS} />
          ) : products.isError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-700">
              {products.error.message}. Please try again later.
            </p>
          ) : products.data.products.length === 0 ? (
            <div className="py-16 text-center">
              <h2 className="text-lg font-semibold">No Products Found</h2>
              <p className="mt-1 text-slate-600">Try adjusting your filters or search terms.</p>
              {products.data.didYouMean && (
                <p className="mt-3 text-slate-700">
                  Did you mean{' '}
                  <Link
                    className="font-medium text-sky-700 underline"
                    to={{ search: listingSearch({ ...listing, keyword: products.data.didYouMean, page: 1 }).toString() }}
                  >
                    {products.data.didYouMean}
                  </Link>
                  ?
                </p>
              )}
            </div>
          ) : (
            <>
              {/* The grid's heading, between the page's h1 and the cards' h3s. */}
              <h2 className="text-sm font-normal text-slate-600">
                {products.data.total} {products.data.total === 1 ? 'product' : 'products'}
                {products.data.facets && `, ${products.data.facets.inStock} in stock`}
              </h2>
              <ProductGrid products={products.data.products} action={wishlistHeartAction} buy={quickAddAction} eager={4} />
              {totalPages > 1 && (
                <Pagination page={listing.page} totalPages={totalPages} items={listingPages(listing.page, totalPages)} onPageChange={goToPage} />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
