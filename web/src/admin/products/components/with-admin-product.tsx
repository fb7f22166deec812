import type { ReactNode } from 'react';
import type { AdminProduct } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminProduct } from '../api/get-admin-product';

/** Loads the product with `id` and shows `children(product)`, or why it cannot. */
export function WithAdminProduct({ id, children }: { id: string; children: (product: AdminProduct) => ReactNode }) {
  const product = useAdminProduct(id);
  if (product.isPending) {
    return (
      <div role="status" aria-label="Loading product" className="space-y-4">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (product.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{product.error.message}</p>
        <Button variant="outline" onClick={() => void product.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(product.data)}</>;
}
