import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTaxRows } from '@/features/shop';
import { formatRupee } from '@/lib/format';
import { CART_DISCOUNT_PERCENT, type Totals } from '../totals';

/** The applied promo code, and how to take it off the order. */
export interface AppliedPromo {
  code: string;
  onRemove: () => void;
}

/** The Order Summary of the cart and checkout, in the cart's rupee reading (spec §2, §9).
 * Checkout lists its `lines` above the figures, and shows `placeholder` until its totals
 * arrive from the server. An applied `promo` has its own line, with what it takes off and
 * a button to remove it. */
export function OrderSummary({
  totals,
  promo,
  lines,
  placeholder = <p role="status">Working out your total...</p>,
  children,
}: {
  totals: Totals | undefined;
  promo?: AppliedPromo | null;
  lines?: ReactNode;
  placeholder?: ReactNode;
  children?: ReactNode;
}) {
  const taxes = useTaxRows(totals, formatRupee);
  return (
    <section aria-labelledby="summary-heading" className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-5">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order Summary
      </h2>
      {lines}
      {totals ? (
        <dl className="space-y-3 text-sm">
          <Row label="Subtotal" value={formatRupee(totals.subtotal)} />
          <Row label={`Discount (-${CART_DISCOUNT_PERCENT}%)`} value={`-${formatRupee(totals.discount)}`} valueClass="text-red-600" />
          {promo && (
            <div className="flex items-center justify-between gap-2">
              <dt className="flex min-w-0 items-center gap-1 text-slate-600">
                <span className="break-all">Promo code {promo.code}</span>
                <button
                  type="button"
                  onClick={promo.onRemove}
                  aria-label={`Remove promo code ${promo.code}`}
                  title="Remove promo code"
                  className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand md:h-8 md:w-8"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </dt>
              <dd className="whitespace-nowrap text-red-600" data-testid="summary-promo">
                -{formatRupee(totals.promoDiscount)}
              </dd>
            </div>
          )}
          <Row label="Delivery Fee" value={formatRupee(totals.deliveryFee)} />
          {taxes.beforeTotal.map((row) => <Row key={row.label} label={row.label} value={row.value} />)}
          <Row label="Total" value={formatRupee(totals.total)} strong />
          {taxes.afterTotal.map((row) => <Row key={row.label} label={row.label} value={row.value} small />)}
        </dl>
      ) : (
        <div className="text-sm text-slate-600">{placeholder}</div>
      )}
      {children}
    </section>
  );
}

/** A `dt`/`dd` pair in its own `div`: a `dl` holds only such groups (the Total's rule
 * above it is its own border, not a wrapper). */
function Row({ label, value, valueClass, strong, small }: { label: string; value: string; valueClass?: string; strong?: boolean; small?: boolean }) {
  const layout = strong ? 'flex justify-between border-t border-slate-200 pt-3 text-base font-semibold' : small ? 'flex justify-between text-xs' : 'flex justify-between';
  return (
    <div className={layout}>
      <dt className={strong ? undefined : 'text-slate-600'}>{label}</dt>
      <dd className={valueClass} data-testid={`summary-${label.split(' ')[0].toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}
