import { useId, useState } from 'react';
import { toast } from 'sonner';
import { inputClass, SearchBox } from '@/admin/shared/components/filter-controls';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import type { CustomerGroup, GroupPrice } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { currencySymbol } from '@/lib/format';
import { cn } from '@/lib/utils';
import { GROUP_PRICES_PER_PAGE, useGroupPrices, useSaveGroupPrices, type GroupPricesQuery } from '../api/group-prices';
import { isPrice, priceErrorLine, TRADE_MESSAGES } from '../trade-schema';
import { AddGroupPrice } from './add-group-price';
import { GroupPriceList } from './group-price-list';

/** A price changed on screen and not yet saved: the text typed, or null to remove the
 * group's price; with what was loaded, to tell a change from typing it back. */
type Draft = { loaded: number; text: string | null };

const UNSAVED = 'Nothing was saved: correct the prices marked, then save again.';

const changed = (draft: Draft) => draft.text === null || draft.text.trim() !== String(draft.loaded);

/** 'Group prices': the group's own price per variant, found by SKU or product name, a page
 * at a time. Prices are typed or removed in the grid, and 'Save prices' sends the changed
 * ones together (they stay changed across searches and pages until saved); a price for
 * another variant is added by its SKU below, and the whole list goes out and comes back
 * as a CSV file. */
export function GroupPrices({ group }: { group: CustomerGroup }) {
  const headingId = useId();
  const [query, setQuery] = useState<GroupPricesQuery>({ q: '', page: 1 });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const prices = useGroupPrices(group._id, query);
  const save = useSaveGroupPrices(group._id);

  const edit = (row: GroupPrice, text: string | null) => {
    setDrafts(({ [row.variantId]: _before, ...others }) => {
      const draft = { loaded: row.price, text };
      return changed(draft) ? { ...others, [row.variantId]: draft } : others;
    });
    setErrors(({ [row.variantId]: _error, ...others }) => others);
  };

  // Only changes are kept: a price typed back as it was leaves the drafts.
  const pending = Object.entries(drafts);
  const submit = async () => {
    setProblem(null);
    const wrong = Object.fromEntries(pending.filter(([, draft]) => draft.text !== null && !isPrice(draft.text.trim())).map(([variantId]) => [variantId, TRADE_MESSAGES.price]));
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) {
      setProblem(UNSAVED);
      return;
    }
    const lines = pending.map(([variantId, draft]) => ({ variantId, price: draft.text === null ? null : Number(draft.text.trim()) }));
    try {
      await save.mutateAsync({ prices: lines });
    } catch (error) {
      const onLines: Record<string, string> = {};
      for (const [key, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        const line = priceErrorLine(key);
        if (line && lines[line[0]]) onLines[lines[line[0]].variantId] = message;
      }
      setErrors(onLines);
      // A line's refusal shows on its row (which may be on another page); the save was all or nothing.
      setProblem(Object.keys(onLines).length > 0 ? UNSAVED : errorMessage(error, 'Failed to save the group prices'));
      return;
    }
    setDrafts({});
    toast.success(lines.length === 1 ? 'Group price saved' : `${lines.length} group prices saved`);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Group prices
      </h2>
      <p className="text-sm text-slate-600">A group price replaces the shop’s price of a variant for this group’s members; the group’s category discounts do not apply on top of it.</p>
      <SearchBox key={query.q} name="Group prices" label="Search the group prices" placeholder="SKU or product name" value={query.q} onSearch={(q) => setQuery({ q, page: 1 })} />
      {prices.isPending ? (
        <LoadingRows label="Loading group prices" />
      ) : prices.isError ? (
        <LoadFailed error={prices.error} onRetry={() => void prices.refetch()} />
      ) : prices.data.prices.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{query.q ? `No group prices match “${query.q}”.` : 'No group prices yet: add one below.'}</p>
      ) : (
        <>
          <div role="region" aria-label="Group prices table" aria-busy={prices.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">
                Group prices, by SKU, page {prices.data.page} of {pageCount(prices.data.total, GROUP_PRICES_PER_PAGE)}
              </caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">SKU</th>
                  <th scope="col" className="px-3 py-2">Product</th>
                  <th scope="col" className="px-3 py-2">Group price ({currencySymbol('rupees')})</th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {prices.data.prices.map((row) => (
                  <PriceRow key={row.variantId} row={row} draft={drafts[row.variantId]} error={errors[row.variantId]} onEdit={(text) => edit(row, text)} />
                ))}
              </tbody>
            </table>
          </div>
          <TablePages
            label="Group prices pages"
            page={prices.data.page}
            total={prices.data.total}
            perPage={GROUP_PRICES_PER_PAGE}
            noun={['price', 'prices']}
            onPageChange={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button className="h-11" disabled={pending.length === 0 || save.isPending} onClick={() => void submit()}>
          {save.isPending ? 'Saving...' : 'Save prices'}
        </Button>
        <p className="text-sm text-slate-600">{pending.length === 0 ? 'No changes to save.' : pending.length === 1 ? '1 price changed.' : `${pending.length} prices changed.`}</p>
      </div>
      <AddGroupPrice groupId={group._id} />
      <GroupPriceList group={group} />
    </section>
  );
}

/** One variant's group price: typed in place, or removed (until saved, 'Keep' undoes it). */
function PriceRow({ row, draft, error, onEdit }: { row: GroupPrice; draft?: Draft; error?: string; onEdit: (text: string | null) => void }) {
  const errorId = useId();
  const removed = draft?.text === null;
  return (
    <tr className={cn('align-top', removed && 'bg-slate-50 text-slate-600')}>
      <td className="whitespace-nowrap px-3 py-2 font-mono">{row.sku}</td>
      <td className="min-w-[12rem] break-words px-3 py-2">{row.productName}</td>
      <td className="w-44 px-3 py-2">
        {removed ? (
          <span className="inline-flex min-h-11 items-center md:min-h-9">Removed when you save</span>
        ) : (
          <>
            <input
              aria-label={`Group price, ${row.sku}`}
              inputMode="decimal"
              value={draft?.text ?? String(row.price)}
              onChange={(event) => onEdit(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(inputClass, 'aria-[invalid=true]:border-red-500')}
            />
            {error && (
              <p id={errorId} className="mt-1 text-sm text-red-600">
                {error}
              </p>
            )}
          </>
        )}
      </td>
      <td className="px-3 py-2">
        {removed ? (
          <Button variant="outline" className="h-11 md:h-9" aria-label={`Keep ${row.sku}`} onClick={() => onEdit(String(row.price))}>
            Keep
          </Button>
        ) : (
          <Button variant="outline" className="h-11 md:h-9" aria-label={`Remove ${row.sku}`} onClick={() => onEdit(null)}>
            Remove
          </Button>
        )}
      </td>
    </tr>
  );
}
