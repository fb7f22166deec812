import type { ReactNode } from 'react';
import type { AdminProduct } from '@/api/types';
import { ProductImage } from '@/components/ui/product-bits';
import { formatConsoleDate, formatUsd } from '@/lib/format';
import { TAX_CLASSES } from '../product-schema';
import { categoryLine } from '../products';
import type { VariantProduct } from '../variant-types';

const UNITS: Record<string, string> = { each: 'Each', m: 'By the metre', pack: 'In packs' };

/** A product's photos and fields to read, for a role that may see the catalogue but not
 * change it (its stock, and a change of it for a role allowed one, are ProductStock's). */
export function ProductDetails({ product }: { product: AdminProduct }) {
  const { options = [], unit, packSize, priceRange } = product as VariantProduct;
  const discount = product.setDiscountPercentage > 0 ? `${product.setDiscountPercentage}%${product.setDiscountEndDate ? `, until ${formatConsoleDate(product.setDiscountEndDate)}` : ''}` : 'None';
  const rows: [string, ReactNode][] = [
    ['Description', <span className="whitespace-pre-line">{product.description}</span>],
    ['Price (list price)', priceRange ? `${formatUsd(priceRange.min)} – ${formatUsd(priceRange.max)}` : formatUsd(product.price)],
    ['Discount', discount],
    ['Category', categoryLine(product)],
    ['Size', product.size || 'None'],
    ['Colour', product.color || 'None'],
    ['Tax class', TAX_CLASSES.find(([value]) => value === product.taxClass)?.[1] ?? product.taxClass],
    ['Sold', unit === 'pack' && packSize ? `In packs of ${packSize}` : (UNITS[unit ?? 'each'] ?? unit)],
    ['Options', options.length === 0 ? 'None' : options.map((option) => `${option.name}: ${option.values.join(', ')}`).join('; ')],
    ['Featured', product.featured ? 'Yes: shown among the home page’s top products' : 'No'],
  ];
  return (
    <>
      <section aria-labelledby="photos-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="photos-heading" className="text-base font-semibold">
          Photos
        </h2>
        {product.images.length === 0 ? (
          <p className="text-sm text-slate-600">No photos yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {product.images.map((path, index) => (
              <li key={path}>
                <ProductImage path={path} alt={`Photo ${index + 1}`} width={96} height={96} className="h-24 w-24 rounded border border-slate-200 object-cover" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="details-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="details-heading" className="text-base font-semibold">
          Details
        </h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-600">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
