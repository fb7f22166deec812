// Pieces every product tile shares: the image with its placeholder fallback, the
// rating line, and the price with the struck-through original (or, for a trade customer,
// the public list price).
import { Star } from 'lucide-react';
import type { ComponentProps } from 'react';
import { mediaUrl } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';

/** Shown for a product without images, and for one whose image fails to load (spec §8). */
export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

/** Puts the placeholder in place of an image that failed to load (once). */
export function fallBackToPlaceholder(event: { currentTarget: HTMLImageElement }) {
  if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
}

/** The product's first image (or the placeholder), lazy unless `loading` says otherwise,
 * with its size set. */
export function ProductImage({ path, ...props }: { path: string | undefined; alt: string; width: number; height: number } & ComponentProps<'img'>) {
  return <img src={path ? mediaUrl(path) : PLACEHOLDER_IMAGE} loading="lazy" onError={fallBackToPlaceholder} {...props} />;
}

/** '4.5/5 (12)': the real average and count. */
export function RatingLine({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <div className="flex items-center gap-1 text-xs text-slate-600" aria-label={`Rated ${rating} out of 5`}>
      <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span>
        {rating.toFixed(1)}/5 ({reviewCount})
      </span>
    </div>
  );
}

/** How a price is read: each amount as shown (with or without tax, the shopper's choice,
 * docs/DESIGN.md §10) and the label that says which. */
export interface Reading {
  show: (amount: number) => number;
  label: string;
}

/** The public price a signed-in trade customer's answers carry beside their own
 * (`listPrice`, docs/DESIGN.md §11), when theirs is lower: the one to strike through. */
export function struckListPrice(listPrice: number | null | undefined, discountedPrice: number): number | undefined {
  return listPrice != null && listPrice > discountedPrice ? listPrice : undefined;
}

/** `text`, a public price, struck through and named 'List price' to a screen reader. */
export function ListPrice({ text, className }: { text: string; className?: string }) {
  return (
    <s className={className}>
      <span className="sr-only">List price </span>
      {text}
    </s>
  );
}

/** The price paid in dollars, with the struck-through original when discounted; with
 * `from` (the lowest of a product's variants' prices, when they differ, docs/DESIGN.md §9),
 * 'From $2.90' alone; in `reading` with its label when given. A trade customer's own
 * price, lower than the public `listPrice`, is 'Your price' beside the public one struck. */
export function PriceLine({ price, discountedPrice, discountPercentage, listPrice, from, reading }: { price: number; discountedPrice: number; discountPercentage: number; listPrice?: number | null; from?: number; reading?: Reading }) {
  const show = reading?.show ?? ((amount: number) => amount);
  const label = reading && <span className="text-xs text-slate-500">{reading.label}</span>;
  const struck = struckListPrice(listPrice, discountedPrice);
  if (struck !== undefined) {
    // A card's account and list prices are its cheapest variant's, where `from` starts.
    return (
      <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
        <span className="text-xs font-medium text-emerald-700">Your price</span>
        <span className="font-semibold">
          {from !== undefined && 'From '}
          {formatUsd(show(discountedPrice))}
        </span>
        <ListPrice text={formatUsd(show(struck))} className="text-xs text-slate-500" />
        {label}
      </div>
    );
  }
  if (from !== undefined) {
    return (
      <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">From {formatUsd(show(from))}</span>
        {label}
      </div>
    );
  }
  return (
    <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold">{formatUsd(show(discountedPrice))}</span>
      {discountPercentage > 0 && <span className="text-xs text-slate-500 line-through">{formatUsd(show(price))}</span>}
      {label}
    </div>
  );
}
