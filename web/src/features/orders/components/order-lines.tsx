import { Link } from 'react-router';
import { LineVariant } from '@/components/ui/line-variant';
import { ProductImage } from '@/components/ui/product-bits';
import { paths } from '@/config/paths';
import { formatRupee } from '@/lib/format';
import type { VariantOrderLine } from '@/features/catalog';
import type { OrderLine } from '../api/types';

/** What was ordered: each line's image, name, option values and SKU as they were when
 * ordered (one line per variant), quantity and price paid, and its total. */
export function OrderLines({ lines }: { lines: (OrderLine & VariantOrderLine)[] }) {
  return (
    <ul aria-label="Items" className="divide-y divide-slate-200">
      {lines.map((line, i) => (
        <li key={line.variantId ?? `${line.productId}-${i}`} aria-label={line.name} className="flex gap-3 py-3">
          <ProductImage path={line.image ?? undefined} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-md bg-slate-50 object-cover" />
          <div className="min-w-0 flex-1">
            <Link to={paths.product(line.productId, line.variantId)} className="break-words font-medium leading-snug hover:underline">
              {line.name}
            </Link>
            <LineVariant options={line.options} sku={line.sku} />
            <p className="text-sm text-slate-600">
              {line.quantity} × {formatRupee(line.unitPrice)}
              {line.listPrice > line.unitPrice && <span className="ml-2 text-slate-500 line-through">{formatRupee(line.listPrice)}</span>}
            </p>
          </div>
          <p className="whitespace-nowrap font-semibold">{formatRupee(line.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}
