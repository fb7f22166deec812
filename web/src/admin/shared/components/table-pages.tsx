import { Button } from '@/components/ui/button';

/** 'Page 2 of 5 · 83 orders' with Previous / Next page, under a console table. `label`
 * names the navigation ('Orders pages'); `noun` is the rows' word, singular and plural. */
export function TablePages({
  label,
  page,
  total,
  perPage,
  noun,
  onPageChange,
}: {
  label: string;
  page: number;
  total: number;
  perPage: number;
  noun: [string, string];
  onPageChange: (page: number) => void;
}) {
  const totalPages = pageCount(total, perPage);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-600">
        Page {page} of {totalPages} · {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" className="h-11 md:h-9" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous page
        </Button>
        <Button variant="outline" className="h-11 md:h-9" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}

/** How many pages `total` rows fill; one at least, so an empty table is 'page 1 of 1'. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** A page number from the address: 1 unless it names a whole number above 1. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page'))) || 1);
