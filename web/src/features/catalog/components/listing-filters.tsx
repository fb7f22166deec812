import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useCategories } from '../api/get-categories';
import type { Listing } from '../listing';

const fieldClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

/** Category, sub-category and price range. Every change starts again at page 1. */
export function ListingFilters({
  id,
  className,
  listing,
  onChange,
}: {
  id?: string;
  className?: string;
  listing: Listing;
  onChange: (next: Partial<Listing>) => void;
}) {
  const categories = useCategories().data?.categories ?? [];
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
              {c.title}
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
              {s.title}
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
