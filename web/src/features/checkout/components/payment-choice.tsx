export type PaymentMethod = 'bank' | 'cod';

/** 'Choose Payment Method': Bank (default, with the card logos) or Cash On Delivery. */
export function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (value: PaymentMethod) => void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-lg font-semibold">Choose Payment Method</legend>
      <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand">
        <input type="radio" name="payment" value="bank" checked={value === 'bank'} onChange={() => onChange('bank')} className="h-4 w-4 accent-brand" />
        <span className="flex-1 font-medium">Bank</span>
        <span className="flex gap-1" aria-label="Visa, Mastercard, American Express">
          <CardLogo label="VISA" className="bg-blue-800 text-white" />
          <CardLogo label="MC" className="bg-orange-500 text-white" />
          <CardLogo label="AMEX" className="bg-sky-600 text-white" />
        </span>
      </label>
      <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand">
        <input type="radio" name="payment" value="cod" checked={value === 'cod'} onChange={() => onChange('cod')} className="h-4 w-4 accent-brand" />
        <span className="font-medium">Cash On Delivery</span>
      </label>
    </fieldset>
  );
}

function CardLogo({ label, className }: { label: string; className: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex h-6 w-10 items-center justify-center rounded text-[10px] font-bold italic ${className}`}>
      {label}
    </span>
  );
}
