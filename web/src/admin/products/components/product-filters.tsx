import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useCategories } from '@/features/catalog';
import { DEFAULT_PRODUCTS_QUERY, isSearched, type ProductsQuery, SORTS, STOCK_FILTER_LABELS, type StockState } from '../products';

const selectClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm md:h-9';

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The keyword, the filters and the order of the products table. Every change goes back
 * to the first page; `onChange` gets the whole new query (the page keeps it in its URL). */
export function ProductFilters({ query, onChange }: { query: ProductsQuery; onChange: (next: ProductsQuery) => void }) {
  const categories = useCategories().data?.categories ?? [];
  const subCategories = categories.find((category) => category._id === query.categoryId)?.subCategories ?? [];
  const set = (change: Partial<ProductsQuery>) => onChange({ ...query, ...change, page: 1 });
  const filtered = isSearched(query) || query.archived !== '';

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      {/* Keyed by the address's keyword, so clearing the filters empties the box too. */}
      <SearchBox key={query.q} keyword={query.q} onSearch={(q) => set({ q })} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
        <Labelled label="Category">
          {(id) => (
            <select id={id} value={query.categoryId} onChange={(e) => set({ categoryId: e.target.value, subCategoryId: '' })} className={selectClass}>
              <option value="">All categories</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.title}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Sub-category">
          {(id) => (
            <select id={id} value={query.subCategoryId} disabled={!query.categoryId} onChange={(e) => set({ subCategoryId: e.target.value })} className={selectClass}>
              <option value="">{query.categoryId ? 'All sub-categories' : 'Choose a category first'}</option>
              {subCategories.map((sub) => (
                <option key={sub._id} value={sub._id}>
                  {sub.title}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Stock">
          {(id) => (
            <select id={id} value={query.stock} onChange={(e) => set({ stock: e.target.value as StockState | '' })} className={selectClass}>
              <option value="">Any stock</option>
              {(Object.keys(STOCK_FILTER_LABELS) as StockState[]).map((state) => (
                <option key={state} value={state}>
                  {STOCK_FILTER_LABELS[state]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Featured">
          {(id) => (
            <select id={id} value={query.featured} onChange={(e) => set({ featured: e.target.value as ProductsQuery['featured'] })} className={selectClass}>
              <option value="">Featured or not</option>
              <option value="true">Featured only</option>
              <option value="false">Not featured</option>
            </select>
          )}
        </Labelled>
        {/* Delivery prices by weight: products whose variants have none are found here. */}
        <Labelled label="Weight">
          {(id) => (
            <select id={id} value={query.weight} onChange={(e) => set({ weight: e.target.value as ProductsQuery['weight'] })} className={selectClass}>
              <option value="">Any weight</option>
              <option value="missing">No weight set</option>
            </select>
          )}
        </Labelled>
        {/* Archived products have left the shop; the server lists them only when asked. */}
        <Labelled label="Archived">
          {(id) => (
            <select id={id} value={query.archived} onChange={(e) => set({ archived: e.target.value as ProductsQuery['archived'] })} className={selectClass}>
              <option value="">In the shop</option>
              <option value="true">Archived</option>
            </select>
          )}
        </Labelled>
        <Labelled label="Sort by">
          {(id) => (
            <select
              id={id}
              value={`${query.sortField}:${query.sortOrder}`}
              onChange={(e) => {
                const chosen = SORTS.find((sort) => `${sort.sortField}:${sort.sortOrder}` === e.target.value) ?? SORTS[0];
                set({ sortField: chosen.sortField, sortOrder: chosen.sortOrder });
              }}
              className={selectClass}
            >
              {SORTS.map((sort) => (
                <option key={sort.label} value={`${sort.sortField}:${sort.sortOrder}`}>
                  {sort.label}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>
      {filtered && (
        <Button variant="ghost" className="h-11 md:h-9" onClick={() => onChange({ ...DEFAULT_PRODUCTS_QUERY, sortField: query.sortField, sortOrder: query.sortOrder })}>
          Clear search and filters
        </Button>
      )}
    </div>
  );
}

function SearchBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const id = useId();
  const [text, setText] = useState(keyword);
  return (
    <form
      role="search"
      aria-label="Products"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      className="flex gap-2"
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name, description or category"
        className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand md:h-9"
      />
      <Button type="submit" className="h-11 md:h-9">
        <Search className="h-4 w-4" aria-hidden="true" /> Search
      </Button>
    </form>
  );
}
