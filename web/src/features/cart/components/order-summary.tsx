import type { ReactNode } from 'react';
import { formatRupee } from '@/lib/format';
import { CART_DISCOUNT_PERCENT, type Totals } from '../totals';

/** The Order Summary of the cart and checkout, in the cart's rupee reading (spec §2, §9).
 * Checkout lists its `lines` above the figures, and shows `placeholder` until its totals
 * arrive from the server. */
export function OrderSummary({
  totals,
  lines,
  placeholder = <p role="status">Working out your total...</p>,
  children,
}: {
  totals: Totals | undefined;
  lines?: ReactNode;
  placeholder?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="summary-heading" className="space-y-4 rounded-lg border border-slate-200 p-5">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order Summary
      </h2>
      {lines}
      {totals ? (
        <dl className="space-y-3 text-sm">
          <Row label="Subtotal" value={formatRupee(totals.subtotal)} />
          <Row label={`Discount (-${CART_DISCOUNT_PERCENT}%)`} value={`-${formatRupee(totals.discount)}`} valueClass="text-red-600" />
          <Row label="Delivery Fee" value={formatRupee(totals.deliveryFee)} />
          <div className="border-t border-slate-200 pt-3">
            <Row label="Total" value={formatRupee(totals.total)} strong />
          </div>
        </dl>
      ) : (
        <div className="text-sm text-slate-600">{placeholder}</div>
      )}
      {children}
    </section>
  );
}

function Row({ label, value, valueClass, strong }: { label: string; value: string; valueClass?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between text-base font-semibold' : 'flex justify-between'}>
      <dt className={strong ? undefined : 'text-slate-600'}>{label}</dt>
      <dd className={valueClass} data-testid={`summary-${label.split(' ')[0].toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}
