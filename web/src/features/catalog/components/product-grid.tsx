import type { ReactNode } from 'react';
import type { Product } from '@/api/types';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductCard } from './product-card';

/** What a grid puts on each card: `action` over its image, `buy` under its details. */
export type CardPart = (product: Product) => ReactNode;

/** Product cards in 2, 3 or 4 columns by screen size (spec §9). The images of the first
 * `eager` cards load at once, as the top of a page whose first picture they are (the
 * listing's); the others when scrolled near. */
export function ProductGrid({ products, action, buy, eager = 0 }: { products: Product[]; action?: CardPart; buy?: CardPart; eager?: number }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, i) => (
        <ProductCard key={product._id} product={product} action={action?.(product)} buy={buy?.(product)} eager={i < eager} />
      ))}
    </div>
  );
}

/** `count` grey cards in the grid's shape while products load. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" role="status" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-testid="product-skeleton" className="overflow-hidden rounded-lg border border-slate-200">
          <Skeleton className="aspect-square rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
