import type { ReactNode } from 'react';
import { ListPrice } from '@/components/ui/product-bits';
import { formatUsd } from '@/lib/format';

/** Screens narrower than Tailwind's md: where the product page's buy bar is. */
export const PHONE = '(max-width: 767.98px)';

/** On phones (`PHONE`), the product's price (and the one it is set against, `listPrice`,
 * struck and named 'List price' to a screen reader) and its 'Add to Cart' (`action`) in a bar
 * fixed to the bottom of the screen (docs/DESIGN.md §15), so a shopper who has scrolled to the
 * photos or the reviews still sees both. The caller renders it instead of the button
 * beside the quantity, never both, so a screen reader meets one 'Add to Cart' at any
 * size; it comes right after the quantity in the page's order. While it is there the page
 * keeps room for it at its end (index.css), so it never covers the footer's last lines. */
export function PhoneBuyBar({ price, listPrice, label, action }: { price: number; listPrice?: number; label?: string; action: ReactNode }) {
  return (
    <div
      data-buy-bar
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)]"
    >
      <p className="flex min-w-0 flex-col leading-tight">
        <span className="text-xl font-bold">
          {formatUsd(price)} {label && <span className="text-xs font-normal text-slate-500">{label}</span>}
        </span>
        {listPrice !== undefined && <ListPrice text={formatUsd(listPrice)} className="text-sm text-slate-500" />}
      </p>
      {action}
    </div>
  );
}
