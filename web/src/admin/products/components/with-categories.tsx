import type { ReactNode } from 'react';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategories } from '@/features/catalog';

/** Loads the shop's categories (the product form offers them) and shows
 * `children(categories)`, or why it cannot. */
export function WithCategories({ children }: { children: (categories: Category[]) => ReactNode }) {
  const categories = useCategories();
  if (categories.isPending) {
    return (
      <div role="status" aria-label="Loading categories" className="space-y-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{categories.error.message}</p>
        <Button variant="outline" onClick={() => void categories.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(categories.data.categories)}</>;
}
