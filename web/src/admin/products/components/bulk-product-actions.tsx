import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { MAX_PRICE_CHANGE_PERCENT, MAX_STOCK, MIN_PRICE_CHANGE_PERCENT } from '@/lib/rules';
import { type BulkAction, useBulkUpdateProducts } from '../api/bulk-update-products';

/** The actions that ask for a number. */
type ValueAction = Extract<BulkAction, 'setStock' | 'adjustPrice'>;

/** Each action's wording, and the server's own check of its value (http/catalogue/admin.rs). */
const ACTIONS: Record<ValueAction, { button: string; title: (n: number) => string; label: string; hint: string; check: (value: number) => string | null }> = {
  setStock: {
    button: 'Set stock',
    title: (n) => `Set the stock of ${n} ${n === 1 ? 'product' : 'products'}`,
    label: 'Units in stock',
    hint: 'Every selected product gets this many units.',
    check: (value) => (Number.isInteger(value) && value >= 0 && value <= MAX_STOCK ? null : `Stock must be a whole number from 0 to ${MAX_STOCK}`),
  },
  adjustPrice: {
    button: 'Change price by %',
    title: (n) => `Change the price of ${n} ${n === 1 ? 'product' : 'products'}`,
    label: 'Change in percent',
    hint: 'Moves each list price by this percentage, to the cent: 10 raises by 10 %, -10 lowers by 10 %. Discounts stay as they are.',
    check: (value) =>
      value >= MIN_PRICE_CHANGE_PERCENT && value <= MAX_PRICE_CHANGE_PERCENT && value !== 0
        ? null
        : `The price change must be between ${MIN_PRICE_CHANGE_PERCENT} and ${MAX_PRICE_CHANGE_PERCENT} percent, and not 0`,
  },
};

/** What can be done to the selected rows: set their stock, move their prices by a
 * percentage (a small dialog asks for the value), and archive them, or in the archived
 * view (`archived`) unarchive them, after a confirmation. `onDone` clears the selection. */
export function BulkProductActions({ ids, archived, onDone }: { ids: string[]; archived: boolean; onDone: () => void }) {
  return (
    <div role="group" aria-label="Selected products" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <p className="mr-auto font-medium">
        {ids.length} {ids.length === 1 ? 'product' : 'products'} selected
      </p>
      <BulkDialog action="setStock" ids={ids} onDone={onDone} />
      <BulkDialog action="adjustPrice" ids={ids} onDone={onDone} />
      <ArchiveDialog action={archived ? 'unarchive' : 'archive'} ids={ids} onDone={onDone} />
      <Button variant="ghost" className="h-11 md:h-9" onClick={onDone}>
        Clear selection
      </Button>
    </div>
  );
}

function BulkDialog({ action, ids, onDone }: { action: ValueAction; ids: string[]; onDone: () => void }) {
  const { button, title, label, hint, check } = ACTIONS[action];
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const bulk = useBulkUpdateProducts();

  const openChange = (next: boolean) => {
    setOpen(next);
    setText('');
    setProblem(null);
    bulk.reset();
  };
  const submit = () => {
    const value = Number(text);
    const refused = text.trim() === '' || !Number.isFinite(value) ? check(Number.NaN) : check(value);
    setProblem(refused);
    if (refused) return;
    bulk.mutate(
      { ids, action, value },
      {
        onSuccess: (products) => {
          setOpen(false);
          toast.success(`${products.length} ${products.length === 1 ? 'product' : 'products'} updated`);
          onDone();
        },
      },
    );
  };
  const shown = problem ?? (bulk.isError ? errorMessage(bulk.error, 'Failed to update the products') : null);

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 md:h-9">
          {button}
        </Button>
      </DialogTrigger>
      <DialogContent title={title(ids.length)}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="space-y-4"
        >
          <div className="space-y-1">
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              {label}
            </label>
            <input
              id={id}
              type="number"
              inputMode={action === 'setStock' ? 'numeric' : 'decimal'}
              step={action === 'setStock' ? 1 : 'any'}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={`${id}-hint`}
              className="h-11 w-full rounded-md border border-slate-300 px-3 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
            />
            <p id={`${id}-hint`} className="text-xs text-slate-600">
              {hint}
            </p>
          </div>
          {shown && (
            <p role="alert" className="text-sm text-red-600">
              {shown}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={bulk.isPending}>
              {bulk.isPending ? 'Saving...' : button}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** Archiving or unarchiving the selected rows, once confirmed: no value to ask for. */
function ArchiveDialog({ action, ids, onDone }: { action: Extract<BulkAction, 'archive' | 'unarchive'>; ids: string[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const bulk = useBulkUpdateProducts();
  const archiving = action === 'archive';
  const label = archiving ? 'Archive' : 'Unarchive';

  const confirm = () =>
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (changed) => {
          setOpen(false);
          toast.success(`${products(changed.length)} ${archiving ? 'archived' : 'unarchived'}`);
          onDone();
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        bulk.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 md:h-9">
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${label} ${products(ids.length)}?`}
        description={
          archiving
            ? 'They leave the shop: its pages, searches, carts and wishlists. They stay in old orders, and in this console under Archived, from where they can be unarchived.'
            : 'They go back to the shop as they were, in carts and wishlists that held them too.'
        }
      >
        {bulk.isError && (
          <p role="alert" className="mb-4 text-sm text-red-600">
            {errorMessage(bulk.error, 'Failed to update the products')}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button disabled={bulk.isPending} onClick={confirm}>
            {bulk.isPending ? 'Saving...' : `Yes, ${label.toLowerCase()} ${products(ids.length)}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
