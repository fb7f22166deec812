import { useState, type FormEvent } from 'react';
import type { ProductList } from '@/api/types';
import { Button } from '@/components/ui/button';
import { currencySymbol } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCategories } from '../api/get-categories';
import type { Listing } from '../listing';

const fieldClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

type Facets = NonNullable<ProductList['facets']>;
type PriceBand = Facets['priceBands'][number];

/** '$10', '$24.99' (or the shop's currency symbol, docs/DESIGN.md §15). */
function dollars(amount: number): string {
  const symbol = currencySymbol('dollars');
  return Number.isInteger(amount) ? `${symbol}${amount}` : `${symbol}${amount.toFixed(2)}`;
}

/** 'Under $10', '$10 – $24.99', '$250 & over'. */
function bandLabel({ min, max }: PriceBand): string {
  if (max === null || max === undefined) return `${dollars(min)} & over`;
  const next = Math.round(max * 100 + 1) / 100;
  if (min === 0 && Number.isInteger(next)) return `Under ${dollars(next)}`;
  return `${dollars(min)} – ${dollars(max)}`;
}

/** `band` as the listing's price range: '10' to '24.99'; the last band has no maximum. */
function bandRange({ min, max }: PriceBand): Pick<Listing, 'minPrice' | 'maxPrice'> {
  return { minPrice: String(min), maxPrice: max === null || max === undefined ? '' : String(max) };
}

/** Whether the listing's price range is exactly `band` (no minimum reads as 0). */
function isApplied(band: PriceBand, listing: Listing): boolean {
  const { maxPrice } = bandRange(band);
  return (
    Number(listing.minPrice || 0) === band.min &&
    (maxPrice === '' ? listing.maxPrice === '' : listing.maxPrice !== '' && Number(listing.maxPrice) === Number(maxPrice))
  );
}

/** Category, sub-category and price range, with the listing's counts when the server sent
 * them (`facets`; none while its search index is being built). Every change starts again
 * at page 1. */
export function ListingFilters({
  id,
  className,
  listing,
  facets,
  onChange,
}: {
  id?: string;
  className?: string;
  listing: Listing;
  facets?: ProductList['facets'];
  onChange: (next: Partial<Listing>) => void;
}) {
  const categories = useCategories().data?.categories ?? [];
  // 'Pipe Fittings (128)' with counts; a category missing from them has none.
  const counted = (title: string, of: string, counts: Facets['categories'] | undefined) =>
    counts ? `${title} (${counts.find((c) => c._id === of)?.count ?? 0})` : title;
  const selected = categories.find((c) => c._id === listing.category);
  const [minPrice, setMinPrice] = useState(listing.minPrice);
  const [maxPrice, setMaxPrice] = useState(listing.maxPrice);
  // The URL may change under the form (back button, header links): the fields then start
  // again from it, in the same render (react.dev, "adjusting state when a prop changes").
  const [urlPrices, setUrlPrices] = useState([listing.minPrice, listing.maxPrice]);
  if (urlPrices[0] !== listing.minPrice || urlPrices[1] !== listing.maxPrice) {
    setUrlPrices([listing.minPrice, listing.maxPrice]);
    setMinPrice(listing.minPrice);
    setMaxPrice(listing.maxPrice);
  }

  const applyPrices = (event: FormEvent) => {
    event.preventDefault();
    onChange({ minPrice: minPrice.trim(), maxPrice: maxPrice.trim(), page: 1 });
  };

  return (
    <aside id={id} aria-label="Filters" className={cn('space-y-5', className)}>
      <div className="space-y-1.5">
        <label htmlFor="filter-category" className="text-sm font-medium">
          Category
        </label>
        <select
          id="filter-category"
          className={fieldClass}
          value={listing.category}
          onChange={(e) => onChange({ category: e.target.value, subCategory: '', page: 1 })}
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {counted(c.title, c._id, facets?.categories)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="filter-sub-category" className="text-sm font-medium">
          Sub-category
        </label>
        <select
          id="filter-sub-category"
          className={fieldClass}
          value={listing.subCategory}
          disabled={!selected}
          onChange={(e) => onChange({ subCategory: e.target.value, page: 1 })}
        >
          <option value="">{selected ? `All ${selected.title}` : 'Choose a category first'}</option>
          {selected?.subCategories.map((s) => (
            <option key={s._id} value={s._id}>
              {counted(s.title, s._id, facets?.subCategories)}
            </option>
          ))}
        </select>
      </div>
      <form onSubmit={applyPrices} className="space-y-1.5" aria-label="Price range">
        <span className="text-sm font-medium">Price range ($)</span>
        <div className="flex items-center gap-2">
          <input aria-label="Minimum price" inputMode="decimal" placeholder="Min" className={fieldClass} value={minPrice} onChange={(e) => setMinPrice(e.target.value)} />
          <span aria-hidden="true">–</span>
          <input aria-label="Maximum price" inputMode="decimal" placeholder="Max" className={fieldClass} value={maxPrice} onChange={(e) => setMaxPrice(e.target.value)} />
        </div>
        <Button type="submit" variant="outline" size="sm" className="w-full">
          Apply price
        </Button>
      </form>
      {facets && (
        <ul aria-label="Price bands" className="space-y-1">
          {facets.priceBands.map((band) => {
            const applied = isApplied(band, listing);
            return (
              <li key={`${band.min}-${band.max}`}>
                <Button
                  variant={applied ? 'active' : 'ghost'}
                  size="sm"
                  className="w-full justify-start"
                  aria-pressed={applied}
                  // The applied band stays enabled, so it can be taken off again.
                  disabled={band.count === 0 && !applied}
                  onClick={() => onChange({ ...(applied ? { minPrice: '', maxPrice: '' } : bandRange(band)), page: 1 })}
                >
                  {`${bandLabel(band)} (${band.count})`}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {(listing.category || listing.subCategory || listing.minPrice || listing.maxPrice || listing.keyword) && (
        <Button
          variant="ghost"
          size="sm"
          className="w-full"
          onClick={() => onChange({ category: '', subCategory: '', minPrice: '', maxPrice: '', keyword: '', page: 1 })}
        >
          Clear filters
        </Button>
      )}
    </aside>
  );
}
