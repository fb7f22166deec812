import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { useCreateProduct } from '../api/create-product';
import { ProductForm } from '../components/product-form';
import { WithCategories } from '../components/with-categories';
import { EMPTY_PRODUCT_FORM } from '../product-form-schema';

/** /admin/products/new: every field of a new product. Photos are added on its edit page,
 * where saving leads. */
export function AdminNewProductPage() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.products} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All products
      </Link>
      <h1 className="text-2xl font-semibold">Add product</h1>
      <p className="text-sm text-slate-600">Photos are added after saving, on the product’s page.</p>
      <WithCategories>
        {(categories) => (
          <ProductForm
            categories={categories}
            initial={EMPTY_PRODUCT_FORM}
            submitLabel="Create product"
            save={async (body) => {
              const product = await create.mutateAsync(body);
              toast.success('Product created. Now add its photos.');
              navigate(adminPaths.product(product._id), { replace: true });
            }}
          />
        )}
      </WithCategories>
    </div>
  );
}
