import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Item } from '@/api/types';
import { describeOptions, LineVariant } from '@/components/ui/line-variant';
import { ListPrice, ProductImage, struckListPrice } from '@/components/ui/product-bits';
import { QuantitySelector } from '@/components/ui/quantity-selector';
import { paths } from '@/config/paths';
import { usePriceReading } from '@/features/shop';
import { formatRupee } from '@/lib/format';
import { stockLimit } from '@/lib/quantity';
import type { VariantItem } from '@/features/catalog';

/** One line of the cart, one per variant: image, name, the variant's option values and
 * SKU (a product without options: its size and colour), unit price (a trade customer's
 * beside the public one struck, and the line total in brackets above one), remove, and a
 * quantity to type or step, limited to the stock (spec §2, docs/DESIGN.md §9, §11, §15). */
export function CartLine({ item, onQuantity, onRemove }: { item: Item & VariantItem; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  const prices = usePriceReading();
  const link = paths.product(item.productId, item.variantId);
  const described = describeOptions(item.options);
  // Two variants of a product are two lines: their names tell them apart by their values.
  const name = described ? `${item.name}, ${described}` : item.name;
  // A trade customer's unit price is theirs at the line's quantity; the public one is struck.
  const listPrice = struckListPrice(item.listPrice, item.discountedPrice);
  return (
    <li className="flex gap-4 py-4" aria-label={name}>
      <Link to={link} className="shrink-0">
        <ProductImage path={item.images[0]} alt={item.name} width={96} height={96} className="h-24 w-24 rounded-md bg-slate-50 object-cover" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link to={link} className="font-medium leading-snug hover:underline">
            {item.name}
          </Link>
          <button type="button" onClick={onRemove} aria-label={`Remove ${name}`} className="rounded p-1 text-red-600 hover:bg-red-50">
            <Trash2 className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        {described ? (
          <LineVariant options={item.options} sku={item.sku} />
        ) : (
          <>
            <p className="text-sm text-slate-600">Size: {item.size ?? 'One size'}</p>
            <p className="text-sm text-slate-600">Color: {item.color ?? 'As shown'}</p>
            <LineVariant sku={item.sku} />
          </>
        )}
        {item.stock <= 0 ? (
          <p className="text-sm font-medium text-red-600">Out of Stock</p>
        ) : (
          item.quantity > item.stock && <p className="text-sm font-medium text-amber-700">Only {item.stock} left in stock</p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">
              <span data-testid="unit-price">{formatRupee(prices.show(item.discountedPrice, item.taxClass))}</span>
              {listPrice !== undefined && <ListPrice text={formatRupee(prices.show(listPrice, item.taxClass))} className="ml-2 text-sm font-normal text-slate-500" />}
              {item.quantity > 1 && (
                <span className="ml-2 text-sm font-normal text-slate-600" data-testid="line-total">
                  ({formatRupee(prices.show(item.discountedPrice * item.quantity, item.taxClass))})
                </span>
              )}
            </p>
            <p className="text-xs text-slate-500">{prices.label}</p>
          </div>
          <QuantitySelector value={item.quantity} onChange={onQuantity} {...stockLimit(item.stock)} label={`Quantity of ${name}`} />
        </div>
      </div>
    </li>
  );
}
