import { CreditCard } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The card brands the shop recognises (spec §4; Discover as the payment provider reports
 * it), and 'generic' for the rest. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'generic';

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  generic: 'Card',
};

const BADGES: Record<Exclude<CardBrand, 'generic'>, { label: string; className: string }> = {
  visa: { label: 'VISA', className: 'bg-blue-800 text-white' },
  // White on each at 4.5:1 or more (WCAG 1.4.3): the brands' lighter orange and blue are not.
  mastercard: { label: 'MC', className: 'bg-orange-700 text-white' },
  amex: { label: 'AMEX', className: 'bg-sky-700 text-white' },
  discover: { label: 'DISC', className: 'bg-slate-800 text-white' },
};

/** A card's brand as a small badge, named for screen readers; a plain card icon when the
 * brand is not one the shop recognises. */
export function CardBrandBadge({ brand, className }: { brand: CardBrand; className?: string }) {
  if (brand === 'generic') {
    return (
      <span role="img" aria-label={BRAND_NAMES.generic} className={cn('inline-flex h-6 w-10 items-center justify-center rounded border border-slate-300 bg-white text-slate-500', className)}>
        <CreditCard className="h-4 w-4" aria-hidden="true" />
      </span>
    );
  }
  const badge = BADGES[brand];
  return (
    <span role="img" aria-label={BRAND_NAMES[brand]} className={cn('inline-flex h-6 w-10 items-center justify-center rounded text-[10px] font-bold italic', badge.className, className)}>
      <span aria-hidden="true">{badge.label}</span>
    </span>
  );
}
