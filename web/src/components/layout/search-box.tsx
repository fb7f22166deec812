import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { ListPrice } from '@/components/ui/product-bits';
import { cn } from '@/lib/utils';

/** One suggestion the box lists: a product or a category, and where it leads. */
export interface SearchOption {
  id: string;
  group: 'Products' | 'Categories';
  label: string;
  /** A second line: a product's price, a sub-category's category. */
  detail?: string;
  /** After a product's price, the public price struck through: a trade customer's own
   * price is `detail` (docs/DESIGN.md §11). */
  listPrice?: string;
  /** A thumbnail's URL, for products that have a photo. */
  image?: string;
  to: string;
}

interface SearchBoxProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  /** The suggestions for what has been typed (none while there are none to show). */
  options: SearchOption[];
  /** Enter, or the search button, with no suggestion chosen. */
  onSearch: (keyword: string) => void;
  /** A suggestion chosen with Enter or a click. */
  onPick: (option: SearchOption) => void;
  className?: string;
}

const GROUPS: SearchOption['group'][] = ['Products', 'Categories'];

/** The header's search box: a combobox whose list of suggestions opens as the shopper
 * types (WAI-ARIA's combobox with a listbox popup). Arrow keys move through the
 * suggestions, round from either end, while focus stays in the box
 * (`aria-activedescendant`); Enter opens the
 * one chosen, or searches for what was typed; Escape closes the list, and a second
 * Escape clears the box. */
export function SearchBox({ keyword, onKeywordChange, options, onSearch, onPick, className }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  // In the order they are listed: grouped.
  const ordered = GROUPS.flatMap((group) => options.filter((o) => o.group === group));

  const choose = (index: number) => {
    setOpen(false);
    setActive(-1);
    onPick(ordered[index]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (ordered.length === 0) return;
        event.preventDefault();
        if (!shown) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : ordered.length - 1);
          return;
        }
        // Past either end, round to the other.
        const count = ordered.length;
        setActive((current) =>
          event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
        );
        return;
      }
      case 'Enter':
        if (shown && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (shown) {
          setOpen(false);
          setActive(-1);
        } else {
          onKeywordChange('');
        }
        return;
    }
  };

  return (
    <form
      role="search"
      className={cn('relative items-center rounded-md border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-brand', className)}
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
        const trimmed = keyword.trim();
        if (trimmed) onSearch(trimmed);
      }}
    >
      <input
        type="search"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        placeholder="Search essentials, groceries and more..."
        value={keyword}
        onChange={(event) => {
          onKeywordChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        maxLength={200}
        autoComplete="off"
        className="h-10 w-full min-w-0 flex-1 bg-transparent px-3 text-sm outline-none"
      />
      <button type="submit" aria-label="Search" className="px-3 text-slate-500 hover:text-slate-900">
        <Search className="h-4 w-4" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {GROUPS.map((group) => {
          const inGroup = ordered.filter((o) => o.group === group);
          if (inGroup.length === 0) return null;
          const headingId = `${id}-${group}`;
          return (
            <div key={group} role="group" aria-labelledby={headingId}>
              <div id={headingId} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {group}
              </div>
              {inGroup.map((option) => {
                const at = ordered.indexOf(option);
                return (
                  <div
                    key={`${option.group}-${option.id}`}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === active}
                    // Keeps focus in the box, where the keyboard is.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(at)}
                    onMouseMove={() => setActive(at)}
                    className={cn('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm', at === active && 'bg-slate-100')}
                  >
                    {option.group === 'Products' &&
                      (option.image ? (
                        <img src={option.image} alt="" className="h-8 w-8 shrink-0 rounded object-cover" />
                      ) : (
                        <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded bg-slate-100" />
                      ))}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-slate-900">{option.label}</span>
                      {option.detail && (
                        <span className="block truncate text-xs text-slate-500">
                          {option.detail}
                          {option.listPrice && <ListPrice text={option.listPrice} className="ml-2" />}
                        </span>
                      )}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </form>
  );
}
