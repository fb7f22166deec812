import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import type { AdminProduct } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-bits';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatUsd } from '@/lib/format';
import { ADMIN_PRODUCTS_PER_PAGE, useAdminProducts } from '../api/get-admin-products';
import { categoryLine, isSearched, type ProductsQuery } from '../products';
import type { VariantProduct } from '../variant-types';
import { ArchivedBadge, NoWeightBadge } from './product-badges';
import { BulkProductActions } from './bulk-product-actions';
import { StockCount } from './stock-badge';

/** The price paid now, with the list price struck through while a discount runs; for a
 * product whose variants' prices differ, the range they are paid at (§9's `priceRange`). */
function PriceCell({ product }: { product: AdminProduct }) {
  const range = (product as VariantProduct).priceRange;
  if (range) {
    return (
      <span>
        {formatUsd(range.min)} – {formatUsd(range.max)}
      </span>
    );
  }
  if (product.discountPercentage <= 0) return <span>{formatUsd(product.price)}</span>;
  return (
    <span className="flex flex-col">
      <span className="font-medium">{formatUsd(product.discountedPrice)}</span>
      <span className="text-xs text-slate-600">
        <span className="sr-only">List price </span>
        <s>{formatUsd(product.price)}</s> · {product.discountPercentage}% off
      </span>
    </span>
  );
}

/** '6 variants', when the list carries a product's variants and it has more than one. */
function VariantCount({ product }: { product: AdminProduct }) {
  const count = (product as VariantProduct).variants?.filter((variant) => !variant.archived).length ?? 0;
  if (count < 2) return null;
  return <span className="text-xs font-normal text-slate-600">{count} variants</span>;
}

/** A page of products as `query` asks; when `selectable` (a role that edits the
 * catalogue), rows can be selected for a bulk change of stock or price, or to archive them
 * (unarchive, in the archived view). The selection belongs to the page it was made on: any
 * other query starts empty. */
export function ProductsTable({ query, selectable = true, onPageChange }: { query: ProductsQuery; selectable?: boolean; onPageChange: (page: number) => void }) {
  const products = useAdminProducts(query);
  const queryKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: queryKey, ids: [] });
  const selected = selection.key === queryKey ? selection.ids : [];
  const select = (ids: string[]) => setSelection({ key: queryKey, ids });

  if (products.isPending) {
    return (
      <div role="status" aria-label="Loading products" className="space-y-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (products.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{products.error.message}</p>
        <Button variant="outline" onClick={() => void products.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { products: rows, total, page: shown } = products.data;
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {isSearched(query) ? 'No products match this search and these filters.' : query.archived ? 'No products are archived.' : 'No products yet.'}
      </p>
    );
  }
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PER_PAGE));
  // Only rows still on the page count (a bulk change may have moved one off it).
  const onPage = selected.filter((id) => rows.some((row) => row._id === id));
  const allSelected = onPage.length === rows.length;
  const toggle = (id: string, on: boolean) => select(on ? [...onPage, id] : onPage.filter((other) => other !== id));

  return (
    <div className="space-y-4">
      {selectable && onPage.length > 0 && <BulkProductActions ids={onPage} archived={query.archived === 'true'} onDone={() => select([])} />}
      {/* Wider than a phone: the table scrolls sideways inside its own box, never the page
          (`relative` keeps the screen-reader-only header texts, absolutely placed, inside it). */}
      <div role="region" aria-label="Products table" aria-busy={products.isPlaceholderData} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">
            Products, page {shown} of {totalPages}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              {selectable && (
                <th scope="col" className="w-12 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select every product on this page"
                    checked={allSelected}
                    ref={(box) => {
                      if (box) box.indeterminate = onPage.length > 0 && !allSelected;
                    }}
                    onChange={(event) => select(event.target.checked ? rows.map((row) => row._id) : [])}
                    className="h-5 w-5"
                  />
                </th>
              )}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Photo</span>
              </th>
              <th scope="col" className="px-3 py-2">Name</th>
              <th scope="col" className="px-3 py-2">Category</th>
              <th scope="col" className="px-3 py-2 text-right">Price</th>
              <th scope="col" className="px-3 py-2">Stock</th>
              <th scope="col" className="px-3 py-2">Featured</th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">In the shop</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((product) => (
              <tr key={product._id} className="hover:bg-slate-50">
                {selectable && (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${product.name}`}
                      checked={onPage.includes(product._id)}
                      onChange={(event) => toggle(product._id, event.target.checked)}
                      className="h-5 w-5"
                    />
                  </td>
                )}
                <td className="px-3 py-2">
                  <ProductImage path={product.images[0]} alt="" width={48} height={48} className="h-12 w-12 rounded border border-slate-200 object-cover" />
                </td>
                <th scope="row" className="px-3 py-2 font-medium">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <Link to={adminPaths.product(product._id)} className="inline-flex min-h-11 items-center text-brand hover:underline md:min-h-0">
                      {product.name}
                    </Link>
                    <ArchivedBadge product={product} />
                    <NoWeightBadge product={product} />
                    <VariantCount product={product} />
                  </span>
                </th>
                <td className="px-3 py-2">{categoryLine(product)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <PriceCell product={product} />
                </td>
                <td className="px-3 py-2">
                  <StockCount stock={product.stock} />
                </td>
                <td className="px-3 py-2">{product.featured ? 'Featured' : 'No'}</td>
                <td className="px-3 py-2">
                  {/* An archived product has no page in the shop. */}
                  {!product.archived && (
                    <a
                      href={paths.product(product._id)}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`View ${product.name} in the shop (opens in a new tab)`}
                      className="inline-flex h-11 w-11 items-center justify-center rounded text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:h-9 md:w-9"
                    >
                      <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Products pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-600">
          Page {shown} of {totalPages} · {total} {total === 1 ? 'product' : 'products'}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" className="h-11 md:h-9" disabled={shown <= 1} onClick={() => onPageChange(shown - 1)}>
            Previous page
          </Button>
          <Button variant="outline" className="h-11 md:h-9" disabled={shown >= totalPages} onClick={() => onPageChange(shown + 1)}>
            Next page
          </Button>
        </div>
      </nav>
    </div>
  );
}
