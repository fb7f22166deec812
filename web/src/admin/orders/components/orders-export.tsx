import { Download } from 'lucide-react';
import { useState } from 'react';
import { inputClass, Labelled } from '@/admin/shared/components/filter-controls';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { type OrdersExportRange, useExportOrders } from '../api/export-orders';
import type { OrdersQuery } from '../orders-query';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD` of a time, in UTC as the server counts days. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days an export offers first: the table's day range when it has one (a missing end
 * filled in: today, or 30 days before the last day), else the last 30 days up to today. */
export function defaultExportRange({ from, to }: Pick<OrdersQuery, 'from' | 'to'>, now = Date.now()): OrdersExportRange {
  const today = utcDay(now);
  if (from && to) return { from, to };
  if (from) return { from, to: today };
  if (to) return { from: utcDay(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS), to };
  return { from: utcDay(now - 29 * DAY_MS), to: today };
}

/** 'Export CSV': the orders placed between two days as a CSV file. The days start as the
 * table's own; the server's refusal (a bad day, from after to, over 366 days) shows in its words. */
export function OrdersExport({ query }: { query: OrdersQuery }) {
  const exporting = useExportOrders();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<OrdersExportRange>(() => defaultExportRange(query));

  const openChange = (next: boolean) => {
    if (next) setRange(defaultExportRange(query));
    exporting.reset();
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 md:h-10">
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </Button>
      </DialogTrigger>
      <DialogContent title="Export orders" description="Every order placed on these days (UTC, both included), whatever the table's other filters: at most 366 days.">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            exporting.mutate(range, { onSuccess: () => setOpen(false) });
          }}
          className="space-y-4"
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Labelled label="From (UTC)">
              {(id) => <input id={id} type="date" value={range.from} max={range.to || undefined} onChange={(e) => setRange({ ...range, from: e.target.value })} className={inputClass} />}
            </Labelled>
            <Labelled label="To (UTC)">
              {(id) => <input id={id} type="date" value={range.to} min={range.from || undefined} onChange={(e) => setRange({ ...range, to: e.target.value })} className={inputClass} />}
            </Labelled>
          </div>
          {exporting.isError && (
            <p role="alert" className="text-sm text-red-600">
              {errorMessage(exporting.error, 'Failed to export the orders')}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={exporting.isPending}>
              {exporting.isPending ? 'Exporting...' : 'Download CSV'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
