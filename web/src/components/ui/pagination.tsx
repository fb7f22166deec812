import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** 44 px touch targets on phones, the compact 36 px from md up. */
const PAGE_BUTTON = 'h-11 min-w-11 md:h-9 md:min-w-9';

/** A page number, or a gap between the numbers shown. */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Previous / page numbers / next. `items` comes from a window rule (listingPages,
 * reviewPages); the caller decides what a page change does. */
export function Pagination({
  page,
  totalPages,
  items,
  onPageChange,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  items: PageItem[];
  onPageChange: (page: number) => void;
  label?: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" className={PAGE_BUTTON} disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label="Previous page">
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
      </Button>
      {items.map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="sm"
            className={PAGE_BUTTON}
            variant={item === page ? 'default' : 'outline'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => item !== page && onPageChange(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="px-2 text-slate-500" aria-hidden="true">
            …
          </span>
        ),
      )}
      <Button variant="outline" size="sm" className={PAGE_BUTTON} disabled={page >= totalPages} onClick={() => onPageChange(page + 1)} aria-label="Next page">
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
