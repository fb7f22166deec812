import { Button } from '@/components/ui/button';
import { BRAND_NAMES } from '../cards';
import type { SavedCard } from '../samples';
import { CardBrandBadge } from '@/components/ui/card-brand-badge';
import { RemoveCardDialog } from './remove-card-dialog';

/** A saved payment method: holder, brand and last four digits, expiry, the primary flag,
 * and Remove (spec §3). */
export function SavedCardItem({ card }: { card: SavedCard }) {
  const name = `${BRAND_NAMES[card.brand]} ending in ${card.lastFour}`;
  return (
    <li aria-label={name} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <CardBrandBadge brand={card.brand} />
        {card.primary && <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand">Primary</span>}
      </div>
      <div>
        <p className="font-medium">
          {BRAND_NAMES[card.brand]} •••• {card.lastFour}
        </p>
        <p className="text-sm text-slate-600">{card.holderName}</p>
        <p className="text-sm text-slate-600">Expires {card.expiry}</p>
      </div>
      <RemoveCardDialog
        card={card}
        trigger={
          <Button variant="outline" size="sm" className="self-start text-red-600" aria-label={`Remove ${name}`}>
            Remove
          </Button>
        }
      />
    </li>
  );
}
