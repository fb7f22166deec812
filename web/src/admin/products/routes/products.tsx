import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { usePermissions } from '@/admin/shared/permissions';
import { Button } from '@/components/ui/button';
import { ProductCsvActions } from '../components/product-csv-actions';
import { ProductFilters } from '../components/product-filters';
import { ProductsTable } from '../components/products-table';
import { parseProductsQuery, productsSearch, type ProductsQuery } from '../products';

/** /admin/products?q&categoryId&subCategoryId&stock&featured&archived&sortField&sortOrder&page:
 * every product, searched, filtered and sorted. All of it lives in the address, so a
 * table can be bookmarked, shared and reloaded. The whole catalogue goes out and comes
 * back as a CSV file from here. Adding, changing in bulk and the CSV files are for the
 * roles that allow them; the others read the table. */
export function AdminProductsPage() {
  const [params, setParams] = useSearchParams();
  const query = parseProductsQuery(params);
  const show = (next: ProductsQuery) => setParams(new URLSearchParams(productsSearch(next)));
  const allowed = usePermissions();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Products</h1>
        <div className="flex flex-wrap items-start gap-2">
          {allowed('csv') && <ProductCsvActions />}
          {allowed('catalogue.edit') && (
            <Button asChild className="h-11 md:h-10">
              <Link to={adminPaths.newProduct}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Add product
              </Link>
            </Button>
          )}
        </div>
      </div>
      <ProductFilters query={query} onChange={show} />
      <ProductsTable query={query} selectable={allowed('catalogue.edit')} onPageChange={(page) => show({ ...query, page })} />
    </div>
  );
}
