import { useId, useState, type ChangeEvent, type ReactElement } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import {
  CARD_NUMBER_LENGTH,
  CARDS_NOT_YET,
  CVV_LENGTH,
  EXPIRY_LENGTH,
  cardBrand,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isCardFilled,
  type NewCard,
} from '../cards';
import { CardBrandBadge } from '@/components/ui/card-brand-badge';

const EMPTY: NewCard = { cardNumber: '', cardHolderName: '', expiryDate: '', cvv: '', setPrimary: false };

const inputClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand';

/** 'Add New Card', opened by `trigger` (spec §2). Cards cannot be saved yet (DESIGN.md §5):
 * Add closes the dialog and says so, and what was typed is dropped with the form. */
export function AddCardDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Add New Card" description="Saving cards is not available yet: nothing you enter here is stored.">
        <AddCardForm
          onAdd={() => {
            setOpen(false);
            toast.info(CARDS_NOT_YET);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The form lives inside the dialog's content, so closing the dialog clears it. */
function AddCardForm({ onAdd }: { onAdd: () => void }) {
  const [card, setCard] = useState<NewCard>(EMPTY);
  const id = useId();
  const filled = isCardFilled(card);
  const brand = cardBrand(card.cardNumber);

  const field = (name: Exclude<keyof NewCard, 'setPrimary'>, format: (value: string) => string = (value) => value) => ({
    id: `${id}-${name}`,
    name,
    value: card[name],
    required: true,
    className: inputClass,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setCard((current) => ({ ...current, [name]: format(event.target.value) })),
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (filled) onAdd();
      }}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-cardNumber`} className="block text-sm font-medium text-slate-700">
          Card Number
        </label>
        <div className="relative">
          <input {...field('cardNumber', formatCardNumber)} inputMode="numeric" autoComplete="cc-number" maxLength={CARD_NUMBER_LENGTH} placeholder="0000 0000 0000 0000" className={`${inputClass} pr-16`} />
          <CardBrandBadge brand={brand} className="absolute right-3 top-1/2 -translate-y-1/2" />
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-cardHolderName`} className="block text-sm font-medium text-slate-700">
          Card Holder Name
        </label>
        <input {...field('cardHolderName')} autoComplete="cc-name" />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-expiryDate`} className="block text-sm font-medium text-slate-700">
            MM/YY
          </label>
          <input {...field('expiryDate', formatExpiry)} inputMode="numeric" autoComplete="cc-exp" maxLength={EXPIRY_LENGTH} placeholder="MM/YY" />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-cvv`} className="block text-sm font-medium text-slate-700">
            CVV
          </label>
          <input {...field('cvv', formatCvv)} inputMode="numeric" autoComplete="cc-csc" maxLength={CVV_LENGTH} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand"
          checked={card.setPrimary}
          onChange={(event) => setCard((current) => ({ ...current, setPrimary: event.target.checked }))}
        />
        Set as Primary Payment Method
      </label>
      <Button type="submit" className="h-11 w-full" disabled={!filled}>
        Add
      </Button>
    </form>
  );
}
