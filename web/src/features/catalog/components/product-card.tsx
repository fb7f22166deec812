import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/api/types';
import { paths } from '@/config/paths';
import { usePriceReading } from '@/features/shop';
import { PriceLine, ProductImage, RatingLine } from '@/components/ui/product-bits';
import { formatUsd, truncate } from '@/lib/format';
import { LOW_STOCK } from '@/lib/rules';
import { perSaleUnit } from '../per-sale-unit';
import type { ListedProduct } from '../variant-types';

/** Below this many in stock, the card says how many are left (spec §4, §9). */
export { LOW_STOCK };

/** 'Only {n} left in stock', 'In Stock' or 'Out of Stock' (spec §4). */
export function stockLabel(stock: number): string {
  if (stock <= 0) return 'Out of Stock';
  return stock < LOW_STOCK ? `Only ${stock} left in stock` : 'In Stock';
}

/** A product's card, linking to its page, priced 'From' its cheapest variant when its
 * variants' prices differ (a trade customer's own price beside the public one struck, and
 * the first quantity break under it). `action` (the wishlist heart) sits over the
 * image's top-right corner and `buy` (quick 'Add') under the details, both outside the
 * link. Its image is lazy unless `eager`. */
export function ProductCard({ product, action, buy, eager = false }: { product: Product & ListedProduct; action?: ReactNode; buy?: ReactNode; eager?: boolean }) {
  const prices = usePriceReading();
  const shown = (amount: number) => prices.show(amount, product.taxClass);
  // The first of the card's variant's quantity breaks (docs/DESIGN.md §11), by quantity.
  const firstBreak = product.priceBreaks[0];
  const outOfStock = product.stock <= 0;
  const discounted = product.discountPercentage > 0;
  return (
    <div className="relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition-shadow hover:shadow-md">
    <Link to={paths.product(product._id)} className="group flex flex-1 flex-col">
      <div className="relative aspect-square bg-slate-50">
        <ProductImage path={product.images[0]} alt={product.name} width={400} height={400} loading={eager ? 'eager' : 'lazy'} className="h-full w-full object-cover" />
        {discounted && (
          <span className="absolute left-2 top-2 rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            {Math.round(product.discountPercentage)}% OFF
          </span>
        )}
        {outOfStock && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/70" data-testid="out-of-stock-overlay">
            <span className="rounded bg-slate-900 px-3 py-1 text-sm font-semibold text-white">Out of Stock</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm font-medium leading-snug text-slate-900" title={product.name}>
          {truncate(product.name)}
        </h3>
        <RatingLine rating={product.rating} reviewCount={product.reviewCount} />
        <PriceLine price={product.price} discountedPrice={product.discountedPrice} discountPercentage={product.discountPercentage} listPrice={product.listPrice} from={product.priceRange?.min} reading={{ show: shown, label: prices.label }} />
        {firstBreak && (
          <span className="text-xs text-emerald-700">
            Buy {firstBreak.minQuantity}+ for {formatUsd(shown(firstBreak.price))} {perSaleUnit(product.unit)}
          </span>
        )}
        <span className={outOfStock ? 'text-xs text-red-600' : product.stock < LOW_STOCK ? 'text-xs text-amber-700' : 'text-xs text-emerald-700'}>
          {stockLabel(product.stock)}
        </span>
      </div>
    </Link>
      {buy && <div className="px-3 pb-3">{buy}</div>}
      {action && <div className="absolute right-2 top-2">{action}</div>}
    </div>
  );
}
