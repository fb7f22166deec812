// The card form's formatting and brand detection (spec §4, §5, §9), and how a card reads
// once the provider holds it. Formatting is all the form does: the provider checks the
// card when it is tokenized, and its messages are the ones the shopper sees.

import { BRAND_NAMES, type CardBrand } from '@/components/ui/card-brand-badge';
import type { OrderCard, ProviderBrand, TokenizeRequest } from './api/types';

export { BRAND_NAMES, type CardBrand } from '@/components/ui/card-brand-badge';

/** The longest each field may grow, formatting included (spec §9). */
export const CARD_NUMBER_LENGTH = 19;
export const EXPIRY_LENGTH = 5;
export const CVV_LENGTH = 4;

const digitsOf = (input: string) => input.replace(/\D/g, '');

/** '4111-1111 1111 111199' → '4111 1111 1111 1111': digits only, in fours, 19 characters at most. */
export function formatCardNumber(input: string): string {
  return digitsOf(input)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, CARD_NUMBER_LENGTH);
}

/** '1225' → '12/25': digits only, a slash after the month, 5 characters at most. */
export function formatExpiry(input: string): string {
  const digits = digitsOf(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Digits only, 4 at most. */
export function formatCvv(input: string): string {
  return digitsOf(input).slice(0, CVV_LENGTH);
}

/** Visa starts with 4; Mastercard with 51 to 55; American Express with 34 or 37 (spec §4). */
export function cardBrand(number: string): CardBrand {
  const digits = digitsOf(number);
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'generic';
}

/** The badge for a brand the provider reported ('unknown' shows the plain card). */
export const badgeBrand = (brand: ProviderBrand | null): CardBrand => (brand === null || brand === 'unknown' ? 'generic' : brand);

/** A card with all but its last four digits hidden: '•••• 4242'. */
export function maskedCard(last4: string): string {
  return `•••• ${last4}`;
}

/** 'Visa •••• 4242': a card the provider holds, as the shopper recognises it. */
export function cardLabel(card: OrderCard): string {
  return `${BRAND_NAMES[badgeBrand(card.brand)]} ${maskedCard(card.last4)}`;
}

/** '08/29': a card's expiry as it is printed on it. */
export function expiryLabel({ expMonth, expYear }: { expMonth: number; expYear: number }): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/** What the card fields hold (spec §3). */
export interface CardInput {
  cardNumber: string;
  cardHolderName: string;
  expiryDate: string;
  cvv: string;
}

export const EMPTY_CARD: CardInput = { cardNumber: '', cardHolderName: '', expiryDate: '', cvv: '' };

/** All four text fields are required; nothing more is checked here (spec §5). */
export function isCardFilled(card: CardInput): boolean {
  return [card.cardNumber, card.cardHolderName, card.expiryDate, card.cvv].every((field) => field.trim() !== '');
}

/** The fields as the provider's tokenize endpoint takes them: 'MM/YY' becomes a month and
 * a four-digit year. What does not read as a date goes as 0, for the provider to refuse
 * in its own words. */
export function tokenizeRequest(card: CardInput): TokenizeRequest {
  const [month = '', year = ''] = card.expiryDate.split('/');
  return {
    number: card.cardNumber,
    expMonth: Number.parseInt(month, 10) || 0,
    expYear: year.length === 2 ? 2000 + Number.parseInt(year, 10) : 0,
    cvc: card.cvv,
    holderName: card.cardHolderName.trim(),
  };
}

/** The primary card first, the others in the order given (the server's: newest first). */
export function primaryFirst<T extends { primary: boolean }>(cards: T[]): T[] {
  return [...cards].sort((a, b) => Number(b.primary) - Number(a.primary));
}
