import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod/mini';
import { Field } from '@/admin/shared/components/form-field';
import { TablePages } from '@/admin/shared/components/table-pages';
import { useCan } from '@/admin/shared/permissions';
import type { AdminProduct, StockEntry } from '@/api/types';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatConsoleDateTime } from '@/lib/format';
import { MAX_STOCK, MAX_STOCK_REASON_CHARS } from '@/lib/rules';
import { cn } from '@/lib/utils';
import { useChangeStock } from '../api/change-stock';
import { useChangeVariantStock } from '../api/change-variant-stock';
import { STOCK_HISTORY_PER_PAGE, useStockHistory } from '../api/get-stock-history';
import { optionsLabel } from '../variant-grid';
import { liveVariants } from '../variant-schema';
import type { AdminVariant, VariantProduct, VariantStockEntry } from '../variant-types';
import { Select } from './form-controls';
import { AlertsWaiting, StockCount } from './stock-badge';

const MAX_CHANGE = MAX_STOCK;
const MAX_REASON_CHARS = MAX_STOCK_REASON_CHARS;

/** The server's messages for each rule (http/catalogue/stock.rs `check_change`). */
export const STOCK_MESSAGES = {
  change: `The change must be a whole number of units, not 0 (at most ${MAX_CHANGE} either way)`,
  reason: 'Say why the stock changes',
  reasonTooLong: `The reason must be at most ${MAX_REASON_CHARS} characters`,
  variantId: 'Choose the variant',
} as const;

const stockChangeSchema = z.object({
  change: z.string().check(
    z.trim(),
    z.refine((text) => /^[+-]?\d+$/.test(text) && Number(text) !== 0 && Math.abs(Number(text)) <= MAX_CHANGE, STOCK_MESSAGES.change),
  ),
  reason: z.string().check(z.trim(), z.minLength(1, STOCK_MESSAGES.reason), z.maxLength(MAX_REASON_CHARS, STOCK_MESSAGES.reasonTooLong)),
  // '' for a product with one variant (its own /stock); else the variant to change.
  variantId: z.string(),
});

type StockChangeValues = z.infer<typeof stockChangeSchema>;

/** The variants whose stock is changed one by one: those of a product with options. */
const stockedVariants = (product: AdminProduct): AdminVariant[] => (((product as VariantProduct).options ?? []).length > 0 ? liveVariants(product as VariantProduct) : []);

/** A product's stock: how many units it has, a change with a reason (never a number typed
 * over what sales have left, docs/DESIGN.md §15) for a role allowed `stock`, and every
 * movement so far, newest first. A product with variants shows each one's stock, and a
 * change names the variant it moves; one with a single variant, how many back-in-stock
 * e-mails wait for it. */
export function ProductStock({ product }: { product: AdminProduct }) {
  const changes = useCan('stock');
  const change = useChangeStock(product._id);
  const changeVariant = useChangeVariantStock();
  const variants = stockedVariants(product);
  // A product with one variant: the alerts waiting for it (those of a product with
  // options show in its variant grid).
  const waiting = Object.values(product.alertsWaiting ?? {}).reduce((sum, count) => sum + count, 0);
  const empty = { change: '', reason: '', variantId: '' };
  const form = useForm<StockChangeValues>({ resolver: zodResolver(stockChangeSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (variants.length > 0 && !values.variantId) {
      form.setError('variantId', { message: STOCK_MESSAGES.variantId }, { shouldFocus: true });
      return;
    }
    const body = { change: Number(values.change), reason: values.reason };
    try {
      const changed = variants.length > 0 ? await changeVariant.mutateAsync({ ...body, variantId: values.variantId }) : await change.mutateAsync(body);
      const variant = (changed as VariantProduct).variants?.find((one) => one._id === values.variantId);
      form.reset({ ...empty, variantId: values.variantId });
      toast.success(variant ? `Stock changed: ${variant.stock} of ${variant.sku} in stock` : `Stock changed: ${changed.stock} in stock`);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.errors ?? {}) : {};
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field === 'change' || field === 'reason' || field === 'variantId') form.setError(field, { message }, { shouldFocus: true });
      }
      form.setError('root', { message: errorMessage(error, 'Failed to change the stock') });
    }
  });

  return (
    <section aria-labelledby="stock-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="stock-heading" className="text-base font-semibold">
        Stock
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        In stock: <StockCount stock={product.stock} />
        {variants.length > 0 ? <span className="text-slate-600">across {variants.length} variants</span> : <AlertsWaiting count={waiting} />}
      </p>
      {variants.length > 0 && <VariantStockTable variants={variants} />}
      {changes && (
        <form noValidate onSubmit={submit} className={cn('grid grid-cols-1 gap-3 sm:items-start', variants.length > 0 ? 'sm:grid-cols-[12rem_8rem_1fr_auto]' : 'sm:grid-cols-[10rem_1fr_auto]')}>
          {variants.length > 0 && (
            <Field label="Variant" error={errors.variantId?.message}>
              {({ id, describedBy }) => (
                <Select id={id} aria-invalid={errors.variantId ? true : undefined} aria-describedby={describedBy} {...form.register('variantId')}>
                  <option value="">Choose a variant</option>
                  {variants.map((variant) => (
                    <option key={variant._id} value={variant._id}>
                      {variant.sku} ({optionsLabel(variant.options)})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <FormField label="Change (units)" inputMode="numeric" placeholder="+12 or -3" error={errors.change?.message} {...form.register('change')} />
          <FormField label="Reason" maxLength={MAX_REASON_CHARS} placeholder="Delivery from supplier" error={errors.reason?.message} {...form.register('reason')} />
          <Button type="submit" className="h-11 sm:mt-6" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change stock'}
          </Button>
        </form>
      )}
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <StockHistoryTable id={product._id} />
    </section>
  );
}

/** Each variant's stock, in the shop's order. */
function VariantStockTable({ variants }: { variants: AdminVariant[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stock of each variant</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              SKU
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Values
            </th>
            <th scope="col" className="py-2 font-medium">
              In stock
            </th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => (
            <tr key={variant._id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-3 font-mono font-normal">
                {variant.sku}
              </th>
              <td className="py-2 pr-3">{optionsLabel(variant.options)}</td>
              <td className="py-2">
                <StockCount stock={variant.stock} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StockHistoryTable({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const history = useStockHistory(id, page);
  if (history.isPending) return <p className="text-sm text-slate-600">Loading the stock history...</p>;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorMessage(history.error, 'Failed to load the stock history')}
      </p>
    );
  }
  const { total } = history.data;
  const entries: VariantStockEntry[] = history.data.entries;
  const withSku = entries.some((entry) => entry.sku);
  if (total === 0) return <p className="text-sm text-slate-600">No stock movements yet.</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Stock history, newest first</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                When
              </th>
              {withSku && (
                <th scope="col" className="py-2 pr-3 font-medium">
                  SKU
                </th>
              )}
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Change
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                After
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Why
              </th>
              <th scope="col" className="py-2 font-medium">
                By
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-3 whitespace-nowrap">
                  <time dateTime={entry.at}>{formatConsoleDateTime(entry.at)}</time>
                </td>
                {withSku && <td className="py-2 pr-3 font-mono">{entry.sku ?? ''}</td>}
                <td className="py-2 pr-3 text-right tabular-nums">{signed(entry.change)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{entry.stockAfter}</td>
                <td className="py-2 pr-3 break-words">{entry.reason}</td>
                <td className="py-2 break-words">{who(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Stock history pages" page={page} total={total} perPage={STOCK_HISTORY_PER_PAGE} noun={['movement', 'movements']} onPageChange={setPage} />
    </div>
  );
}

/** '+12' or '-3'. */
export const signed = (change: number) => (change > 0 ? `+${change}` : String(change));

/** The member of staff, or the order that moved it. */
export const who = (entry: StockEntry) => entry.actor?.emailAddress ?? (entry.orderNumber ? `Order ${entry.orderNumber}` : '');
