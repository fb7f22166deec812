import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import type { Item } from '@/api/types';
import { LineVariant } from '@/components/ui/line-variant';
import type { VariantItem } from '@/features/catalog';
import { PriceLine, RatingLine } from '@/components/ui/product-bits';
import { paths } from '@/config/paths';
import { usePriceReading } from '@/features/shop';
import { mediaUrl } from '@/lib/api-client';
import { truncate } from '@/lib/format';

/** A wishlist card (spec §2), one per variant: image or 'No Image Available', the remove
 * heart (disabled while the removal is pending), name, the variant's option values and
 * SKU, the real rating, and the price in dollars with the struck-through original when
 * discounted (a trade customer's: 'Your price' beside the public one struck, docs/DESIGN.md §11). */
export function WishlistCard({ item, pending, onRemove }: { item: Item & VariantItem; pending: boolean; onRemove: () => void }) {
  const prices = usePriceReading();
  return (
    <div className="relative">
      <Link to={paths.product(item.productId, item.variantId)} className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white hover:shadow-md">
        <div className="aspect-square bg-slate-50">
          {item.images[0] ? (
            <img src={mediaUrl(item.images[0])} alt={item.name} width={400} height={400} loading="lazy" className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full items-center justify-center text-sm text-slate-500">No Image Available</div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="text-sm font-medium leading-snug" title={item.name}>
            {truncate(item.name)}
          </h3>
          <LineVariant options={item.options} sku={item.sku} className="text-xs text-slate-600" />
          <RatingLine rating={item.rating} reviewCount={item.reviewCount} />
          <PriceLine price={item.price} discountedPrice={item.discountedPrice} discountPercentage={item.discountPercentage} listPrice={item.listPrice} reading={{ show: (amount) => prices.show(amount, item.taxClass), label: prices.label }} />
          {item.stock <= 0 && <span className="text-xs text-red-600">Out of Stock</span>}
        </div>
      </Link>
      <button
        type="button"
        onClick={onRemove}
        disabled={pending}
        aria-label={`Remove ${item.name} from wishlist`}
        className="absolute right-2 top-2 flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow-sm hover:bg-white disabled:opacity-50"
      >
        <Heart className="h-5 w-5 fill-red-500 text-red-500" aria-hidden="true" />
      </button>
    </div>
  );
}
