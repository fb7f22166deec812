import type { AdminProduct } from '@/api/types';

/** 'Archived' beside a product that has left the shop; nothing for one still in it. */
export function ArchivedBadge({ product }: { product: Pick<AdminProduct, 'archived'> }) {
  return product.archived ? <span className="inline-block whitespace-nowrap rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Archived</span> : null;
}
