import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ListPrice, struckListPrice } from '@/components/ui/product-bits';
import { QuantitySelector } from '@/components/ui/quantity-selector';
import { usePriceReading } from '@/features/shop';
import { formatDate, formatUsd } from '@/lib/format';
import { useMediaQuery } from '@/lib/media-query';
import { firstQuantity, saleLimit, saleUnitText } from '@/lib/quantity';
import { cn } from '@/lib/utils';
import type { ProductDetail, Variant } from '../variant-types';
import { BackInStockForm } from './back-in-stock-form';
import { PHONE, PhoneBuyBar } from './phone-buy-bar';
import { LOW_STOCK, stockLabel } from './product-card';
import { QuantityBreaks } from './quantity-breaks';
import { VariantPicker } from './variant-picker';

/** Name, description, a picker per option, the chosen variant's price and discount (a
 * trade customer's own price beside the public one struck) and quantity breaks, sale
 * unit, stock and SKU, category, the offer's end, and the quantity (by the product's
 * least quantity and step), cart and wishlist controls (on phones, price and cart in a bar
 * at the bottom of the screen). The cart and wishlist actions are passed in; without one,
 * its control is shown disabled. A sold-out variant offers 'Email me when it is back'
 * under its stock (docs/DESIGN.md §12), afresh for each variant chosen. */
export function ProductInfo({
  product,
  variant,
  variantId,
  onChooseVariant,
  onAddToCart,
  onToggleWishlist,
  inWishlist = false,
}: {
  product: ProductDetail;
  /** The variant shown: its price, stock and SKU are the page's. */
  variant: Variant;
  /** `variant`'s id as the server named it: undefined for a product whose answer named no
   * variants, whose back-in-stock alert then names none. */
  variantId?: string;
  onChooseVariant?: (variant: Variant) => void;
  onAddToCart?: (quantity: number) => Promise<void>;
  onToggleWishlist?: () => void;
  inWishlist?: boolean;
}) {
  const [typed, setQuantity] = useState(() => firstQuantity(product));
  const [adding, setAdding] = useState(false);
  const discounted = variant.discountPercentage > 0;
  // What the price shown is set against: a trade customer's public price, else the list
  // price before a discount (docs/DESIGN.md §11).
  const listPrice = struckListPrice(variant.listPrice, variant.discountedPrice);
  const was = listPrice ?? (discounted ? variant.price : undefined);
  const outOfStock = variant.stock <= 0;
  const phone = useMediaQuery(PHONE);
  const limit = saleLimit(variant.stock, product);
  // Another variant may hold less: the quantity chosen stays within what this one allows.
  const quantity = Math.max(limit.min, Math.min(typed, limit.max));
  const prices = usePriceReading();
  const shown = (amount: number) => prices.show(amount, product.taxClass);
  const unitText = saleUnitText(product.unit, product.packSize, shown(variant.discountedPrice), formatUsd);

  const addToCart = async () => {
    if (!onAddToCart || adding) return;
    setAdding(true);
    try {
      await onAddToCart(quantity);
    } finally {
      setAdding(false);
    }
  };

  // Busy, it is aria-disabled rather than disabled: a disabled button would drop focus
  // to the page, and a keyboard shopper would lose their place (docs/DESIGN.md §15). What
  // happened is said in the page's polite live region (lib/announce.ts).
  const addButton = (className?: string) => (
    <Button onClick={addToCart} disabled={!onAddToCart || outOfStock} aria-disabled={adding || undefined} className={cn('h-11 min-w-40 aria-disabled:opacity-50 md:h-10', className)}>
      {adding ? 'Adding...' : 'Add to Cart'}
    </Button>
  );

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold leading-tight md:text-3xl">{product.name}</h1>
        <p className="mt-2 text-slate-600">{product.description}</p>
      </div>
      <div className="flex flex-wrap items-baseline gap-3">
        {listPrice !== undefined && <span className="text-sm font-medium text-emerald-700">Your price</span>}
        <span className="text-3xl font-bold">{formatUsd(shown(variant.discountedPrice))}</span>
        <span className="text-sm text-slate-600">{prices.label}</span>
        {unitText && <span className="text-base text-slate-600">{unitText}</span>}
        {listPrice !== undefined ? (
          <ListPrice text={formatUsd(shown(listPrice))} className="text-lg text-slate-500" />
        ) : (
          discounted && <span className="text-lg text-slate-500 line-through">{formatUsd(shown(variant.price))}</span>
        )}
        {discounted && <span className="rounded bg-red-600 px-2 py-0.5 text-sm font-semibold text-white">{Math.round(variant.discountPercentage)}% OFF</span>}
      </div>
      {was !== undefined && <p className="text-sm font-medium text-emerald-700">You Save {formatUsd(shown(was) - shown(variant.discountedPrice))}</p>}
      {variant.priceBreaks.length > 0 && <QuantityBreaks breaks={variant.priceBreaks} unit={product.unit} format={(amount) => formatUsd(shown(amount))} />}
      {discounted && product.discountEndDate && (
        <p className="text-sm text-slate-600">Offer ends {formatDate(product.discountEndDate)}</p>
      )}
      {onChooseVariant && <VariantPicker options={product.options} variants={product.variants} current={variant} onChoose={onChooseVariant} />}
      <p className={outOfStock ? 'font-medium text-red-600' : variant.stock < LOW_STOCK ? 'font-medium text-amber-700' : 'font-medium text-emerald-700'}>
        {stockLabel(variant.stock)}
      </p>
      {outOfStock && <BackInStockForm key={variant._id} productId={product._id} variantId={variantId} />}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {variant.sku && (
          <>
            <dt className="text-slate-500">SKU</dt>
            <dd>{variant.sku}</dd>
          </>
        )}
        <dt className="text-slate-500">Category</dt>
        <dd>{product.category.title}</dd>
        <dt className="text-slate-500">Sub-category</dt>
        <dd>{product.subCategory.title}</dd>
        {product.size && (
          <>
            <dt className="text-slate-500">Size</dt>
            <dd>{product.size}</dd>
          </>
        )}
        {product.color && (
          <>
            <dt className="text-slate-500">Color</dt>
            <dd>{product.color}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap items-start gap-3">
        <QuantitySelector value={quantity} onChange={setQuantity} {...limit} />
        {/* One 'Add to Cart' at each size: here from md up, in the bar below on phones. */}
        {!phone && addButton()}
        <Button
          variant="outline"
          size="touchIcon"
          aria-label={inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}
          aria-pressed={inWishlist}
          disabled={!onToggleWishlist}
          onClick={onToggleWishlist}
        >
          <Heart className={inWishlist ? 'h-5 w-5 fill-red-500 text-red-500' : 'h-5 w-5'} aria-hidden="true" />
        </Button>
      </div>
      {phone && <PhoneBuyBar price={shown(variant.discountedPrice)} listPrice={was !== undefined ? shown(was) : undefined} label={prices.label} action={addButton('min-w-36')} />}
    </div>
  );
}
