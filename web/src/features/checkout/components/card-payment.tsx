import type { ReactNode } from 'react';
import { CardFields, cardLabel, expiryLabel, type PaymentMethod, TestModeNote } from '@/features/payments';
import { cn } from '@/lib/utils';
import type { CardChoice, CardSelection } from '../card-choice';

/** Bank's card section: a signed-in shopper's saved cards (the primary picked first) and
 * 'Use a new card'; a new card's fields (the same as Add New Card's) and, signed in, 'Save
 * this card'. `error` is the last refusal of the card, in the provider's words. */
export function CardPayment({
  choice,
  selected,
  savedCards,
  canSave,
  error,
  loadError = null,
  onChange,
}: {
  choice: CardChoice;
  selected: CardSelection;
  savedCards: PaymentMethod[];
  canSave: boolean;
  error: string | null;
  /** Why the saved cards could not be loaded: a new card can still be used. */
  loadError?: string | null;
  onChange: (choice: CardChoice) => void;
}) {
  const pick = (next: CardSelection) => onChange({ ...choice, selected: next });
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4" aria-describedby={error ? 'card-payment-error' : undefined}>
      <legend className="px-1 text-base font-semibold">Card</legend>
      <TestModeNote />
      {loadError && <p className="text-sm text-slate-600">{loadError}. You can pay with a new card.</p>}
      {savedCards.length > 0 && (
        <div role="radiogroup" aria-label="Pay with" className="space-y-2">
          {savedCards.map((card) => (
            <CardOption key={card._id} checked={selected === card._id} onCheck={() => pick(card._id)}>
              <span className="flex-1 font-medium">{cardLabel(card)}</span>
              <span className="text-sm text-slate-600">Expires {expiryLabel(card)}</span>
              {card.primary && <span className="rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand">Primary</span>}
            </CardOption>
          ))}
          <CardOption checked={selected === 'new'} onCheck={() => pick('new')}>
            <span className="font-medium">Use a new card</span>
          </CardOption>
        </div>
      )}
      {selected === 'new' && (
        <div className="space-y-3">
          <CardFields value={choice.newCard} onChange={(newCard) => onChange({ ...choice, newCard })} />
          {canSave && (
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand"
                checked={choice.saveCard}
                onChange={(event) => onChange({ ...choice, saveCard: event.target.checked })}
              />
              Save this card
            </label>
          )}
        </div>
      )}
      {error && (
        <p id="card-payment-error" role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CardOption({ checked, onCheck, children }: { checked: boolean; onCheck: () => void; children: ReactNode }) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-3', checked ? 'border-brand' : 'border-slate-200')}>
      <input type="radio" name="card" checked={checked} onChange={onCheck} className="h-4 w-4 accent-brand" />
      {children}
    </label>
  );
}
