import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CardBrandBadge } from '@/components/ui/card-brand-badge';
import { errorMessage } from '@/lib/errors';
import { useSetPrimaryPaymentMethod } from '../api/set-primary-payment-method';
import type { PaymentMethod } from '../api/types';
import { badgeBrand, cardLabel, expiryLabel } from '../cards';
import { RemoveCardDialog } from './remove-card-dialog';

/** A saved card: brand and last four digits, holder, expiry, the primary flag, 'Set as
 * primary' for the others, and Remove (spec §3). */
export function SavedCardItem({ card }: { card: PaymentMethod }) {
  const name = cardLabel(card);
  const makePrimary = useSetPrimaryPaymentMethod();
  const setPrimary = () =>
    makePrimary.mutate(card._id, {
      onSuccess: ({ message }) => toast.success(message || 'Primary payment method updated'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to update the primary card')),
    });
  return (
    <li aria-label={name} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <CardBrandBadge brand={badgeBrand(card.brand)} />
        {card.primary && <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand">Primary</span>}
      </div>
      <div className="min-w-0">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-slate-600 wrap-anywhere">{card.holderName}</p>
        <p className="text-sm text-slate-600">Expires {expiryLabel(card)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!card.primary && (
          <Button variant="outline" size="sm" disabled={makePrimary.isPending} onClick={setPrimary} aria-label={`Set ${name} as primary`}>
            {makePrimary.isPending ? 'Saving...' : 'Set as primary'}
          </Button>
        )}
        <RemoveCardDialog
          card={card}
          trigger={
            <Button variant="outline" size="sm" className="text-red-600" aria-label={`Remove ${name}`}>
              Remove
            </Button>
          }
        />
      </div>
    </li>
  );
}
