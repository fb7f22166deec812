import type { AdminProduct } from '@/api/types';

// The flags beside a product's name in the console's table.

/** 'Archived' beside a product that has left the shop; nothing for one still in it. */
export function ArchivedBadge({ product }: { product: Pick<AdminProduct, 'archived'> }) {
  return product.archived ? <span className="inline-block whitespace-nowrap rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Archived</span> : null;
}

/** 'No weight' beside a product in the shop with a variant that has none: delivery
 * prices by weight (docs/DESIGN.md §10), so it would ship as if it weighed nothing. */
export function NoWeightBadge({ product }: { product: Pick<AdminProduct, 'archived' | 'unweighedVariants' | 'variantCount'> }) {
  const missing = product.unweighedVariants ?? 0;
  if (product.archived || missing === 0) return null;
  const title = (product.variantCount ?? 1) > 1 ? `${missing} of ${product.variantCount} variants have no weight` : 'It has no weight';
  return (
    <span title={title} className="inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      No weight
    </span>
  );
}
