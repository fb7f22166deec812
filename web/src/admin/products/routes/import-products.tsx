import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { ProductImport } from '../components/product-import';

/** /admin/products/import: products created and updated from a CSV file, checked first. */
export function AdminImportProductsPage() {
  return (
    <div className="max-w-4xl space-y-4">
      <Link to={adminPaths.products} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All products
      </Link>
      <h1 className="text-2xl font-semibold">Import products</h1>
      <ProductImport />
    </div>
  );
}
