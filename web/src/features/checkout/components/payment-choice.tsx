import type { ReactNode } from 'react';
import { CardBrandBadge } from '@/components/ui/card-brand-badge';

export type PaymentMethod = 'bank' | 'cod' | 'account';

/** 'Choose Payment Method': Bank (default, with the card logos) or Cash On Delivery, and
 * for an approved trade account with credit (`onAccount`) Pay on account. */
export function PaymentChoice({ value, onAccount = false, onChange }: { value: PaymentMethod; onAccount?: boolean; onChange: (value: PaymentMethod) => void }) {
  const option = (method: PaymentMethod, children: ReactNode) => (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand">
      <input type="radio" name="payment" value={method} checked={value === method} onChange={() => onChange(method)} className="h-4 w-4 accent-brand" />
      {children}
    </label>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-lg font-semibold">Choose Payment Method</legend>
      {option(
        'bank',
        <>
          <span className="flex-1 font-medium">Bank</span>
          <span className="flex gap-1">
            <CardBrandBadge brand="visa" />
            <CardBrandBadge brand="mastercard" />
            <CardBrandBadge brand="amex" />
          </span>
        </>,
      )}
      {option('cod', <span className="font-medium">Cash On Delivery</span>)}
      {onAccount && option('account', <span className="font-medium">Pay on account</span>)}
    </fieldset>
  );
}
