import { Star } from 'lucide-react';
import { Link } from 'react-router';
import type { Product } from '@/api/types';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/api-client';
import { formatUsd, truncate } from '@/lib/format';

/** Below this many in stock, the card says how many are left (spec §4, §9). */
export const LOW_STOCK = 10;

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

/** 'Only {n} left in stock', 'In Stock' or 'Out of Stock' (spec §4). */
export function stockLabel(stock: number): string {
  if (stock <= 0) return 'Out of Stock';
  return stock < LOW_STOCK ? `Only ${stock} left in stock` : 'In Stock';
}

export function ProductCard({ product }: { product: Product }) {
  const outOfStock = product.stock <= 0;
  const discounted = product.discountPercentage > 0;
  return (
    <Link
      to={paths.product(product._id)}
      className="group flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-square bg-slate-50">
        <img
          src={product.images[0] ? mediaUrl(product.images[0]) : PLACEHOLDER_IMAGE}
          alt={product.name}
          width={400}
          height={400}
          loading="lazy"
          className="h-full w-full object-cover"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
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
        <div className="flex items-center gap-1 text-xs text-slate-600" aria-label={`Rated ${product.rating} out of 5`}>
          <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
          <span>
            {product.rating.toFixed(1)}/5 ({product.reviewCount})
          </span>
        </div>
        <div className="mt-auto flex items-baseline gap-2">
          <span className="font-semibold">{formatUsd(product.discountedPrice)}</span>
          {discounted && <span className="text-xs text-slate-500 line-through">{formatUsd(product.price)}</span>}
        </div>
        <span className={outOfStock ? 'text-xs text-red-600' : product.stock < LOW_STOCK ? 'text-xs text-amber-700' : 'text-xs text-emerald-700'}>
          {stockLabel(product.stock)}
        </span>
      </div>
    </Link>
  );
}
