import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import { useCan } from '@/admin/shared/permissions';
import { adminProductKey } from '@/api/query-keys';
import type { AdminProduct, AdminProductData } from '@/api/types';
import { paths } from '@/config/paths';
import { useUpdateProduct } from '../api/update-product';
import { ArchivedBadge } from '../components/product-badges';
import { ProductArchive } from '../components/product-archive';
import { ProductDelete } from '../components/product-delete';
import { ProductDetails } from '../components/product-details';
import { ProductForm } from '../components/product-form';
import { ProductPhotos } from '../components/product-photos';
import { ProductStock } from '../components/product-stock';
import { WithAdminProduct } from '../components/with-admin-product';
import { WithCategories } from '../components/with-categories';
import { productFormFields } from '../product-form-schema';

/** /admin/products/{id}: every field of a product, its photos, its stock and its history,
 * its page in the shop, archiving it (or bringing it back), and deleting one made by mistake.
 * A role that may see the catalogue but not edit it reads the product instead. */
export function AdminProductPage() {
  const { id = '' } = useParams();
  const editable = useCan('catalogue.edit');
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.products} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All products
      </Link>
      <WithAdminProduct id={id}>{(product) => (editable ? <EditProduct product={product} /> : <ViewProduct product={product} />)}</WithAdminProduct>
    </div>
  );
}

/** The product's name, and its page in the shop while it has one. */
function ProductHeading({ product, title }: { product: AdminProduct; title: string }) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold">{title}</h1>
        <ArchivedBadge product={product} />
      </div>
      {/* An archived product has no page in the shop. */}
      {!product.archived && (
        <a href={paths.product(product._id)} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-1 text-sm text-brand hover:underline">
          View in the shop <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

/** The product to read, its stock and history (and a stock change, for a role allowed one). */
function ViewProduct({ product }: { product: AdminProduct }) {
  return (
    <div className="space-y-6">
      <ProductHeading product={product} title={product.name} />
      <ProductDetails product={product} />
      <ProductStock product={product} />
    </div>
  );
}

function EditProduct({ product }: { product: AdminProduct }) {
  const update = useUpdateProduct(product._id);
  const client = useQueryClient();
  const stale = useStaleSave(
    'product',
    (data) => (data as AdminProductData).product,
    (latest) => client.setQueryData(adminProductKey(latest._id), latest),
  );
  return (
    <div className="space-y-6">
      <ProductHeading product={product} title={`Edit ${product.name}`} />
      <ProductPhotos product={product} />
      <section aria-labelledby="details-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="details-heading" className="text-base font-semibold">
          Details
        </h2>
        <WithCategories>
          {(categories) => (
            <ProductForm
              // A fresh form for each saved version, so it shows what the server kept. Stock
              // movements keep the version: a sale never clears what is being typed.
              key={product.version}
              categories={categories}
              initial={productFormFields(product)}
              images={product.images}
              productId={product._id}
              alertsWaiting={product.alertsWaiting}
              submitLabel="Save changes"
              withStock={false}
              save={async (body) => {
                try {
                  await update.mutateAsync({ ...body, version: product.version });
                } catch (error) {
                  stale.caught(error);
                  throw error;
                }
                toast.success('Product saved');
              }}
            />
          )}
        </WithCategories>
        {stale.notice}
      </section>
      <ProductStock product={product} />
      <ProductArchive product={product} />
      <ProductDelete product={product} />
    </div>
  );
}
