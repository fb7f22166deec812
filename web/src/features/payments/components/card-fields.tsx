import { type ChangeEvent, useId } from 'react';
import { CardBrandBadge } from '@/components/ui/card-brand-badge';
import { CARD_NUMBER_LENGTH, type CardInput, cardBrand, CVV_LENGTH, EXPIRY_LENGTH, formatCardNumber, formatCvv, formatExpiry } from '../cards';

const inputClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand';
const labelClass = 'block text-sm font-medium text-slate-700';

/** The card's four fields (spec §2): the number in fours with its brand, the holder's
 * name, MM/YY and the CVV, each formatted as it is typed (spec §5). Add New Card and
 * checkout's new card both use them; what is typed goes to the provider alone. */
export function CardFields({ value, onChange, disabled = false }: { value: CardInput; onChange: (card: CardInput) => void; disabled?: boolean }) {
  const id = useId();
  const field = (name: keyof CardInput, format: (input: string) => string = (input) => input) => ({
    id: `${id}-${name}`,
    name,
    value: value[name],
    required: true,
    disabled,
    className: inputClass,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: format(event.target.value) }),
  });
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={`${id}-cardNumber`} className={labelClass}>
          Card Number
        </label>
        <div className="relative">
          <input
            {...field('cardNumber', formatCardNumber)}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={CARD_NUMBER_LENGTH}
            placeholder="0000 0000 0000 0000"
            className={`${inputClass} pr-16`}
          />
          <CardBrandBadge brand={cardBrand(value.cardNumber)} className="absolute right-3 top-1/2 -translate-y-1/2" />
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-cardHolderName`} className={labelClass}>
          Card Holder Name
        </label>
        <input {...field('cardHolderName')} autoComplete="cc-name" />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-expiryDate`} className={labelClass}>
            MM/YY
          </label>
          <input {...field('expiryDate', formatExpiry)} inputMode="numeric" autoComplete="cc-exp" maxLength={EXPIRY_LENGTH} placeholder="MM/YY" />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-cvv`} className={labelClass}>
            CVV
          </label>
          <input {...field('cvv', formatCvv)} inputMode="numeric" autoComplete="cc-csc" maxLength={CVV_LENGTH} />
        </div>
      </div>
    </div>
  );
}
