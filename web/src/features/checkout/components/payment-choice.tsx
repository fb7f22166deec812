import { CardBrandBadge } from '@/components/ui/card-brand-badge';

export type PaymentMethod = 'bank' | 'cod';

/** 'Choose Payment Method': Bank (default, with the card logos) or Cash On Delivery. */
export function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (value: PaymentMethod) => void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-lg font-semibold">Choose Payment Method</legend>
      <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand">
        <input type="radio" name="payment" value="bank" checked={value === 'bank'} onChange={() => onChange('bank')} className="h-4 w-4 accent-brand" />
        <span className="flex-1 font-medium">Bank</span>
        <span className="flex gap-1">
          <CardBrandBadge brand="visa" />
          <CardBrandBadge brand="mastercard" />
          <CardBrandBadge brand="amex" />
        </span>
      </label>
      <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand">
        <input type="radio" name="payment" value="cod" checked={value === 'cod'} onChange={() => onChange('cod')} className="h-4 w-4 accent-brand" />
        <span className="font-medium">Cash On Delivery</span>
      </label>
    </fieldset>
  );
}
