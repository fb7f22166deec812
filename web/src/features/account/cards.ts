// The Add New Card form's formatting and brand detection (spec §4, §5, §9). Formatting is
// all the form does: per the spec there is no further validation.

import type { CardBrand } from '@/components/ui/card-brand-badge';

export { BRAND_NAMES, type CardBrand } from '@/components/ui/card-brand-badge';

/** The longest each field may grow, formatting included (spec §9). */
export const CARD_NUMBER_LENGTH = 19;
export const EXPIRY_LENGTH = 5;
export const CVV_LENGTH = 4;

/** Said wherever a card would be saved or removed: payment methods become real in a later
 * step, so the page says so rather than pretending (DESIGN.md §5). */
export const CARDS_NOT_YET = 'Saved cards arrive with online payments. Nothing has been saved or changed.';

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


/** A transaction's title: the card with all but its last four digits hidden. */
export function maskedCard(lastFour: string): string {
  return `**** **** **** ${lastFour}`;
}

/** What the Add New Card form holds (spec §3). */
export interface NewCard {
  cardNumber: string;
  cardHolderName: string;
  expiryDate: string;
  cvv: string;
  setPrimary: boolean;
}

/** All four text fields are required; nothing more is checked (spec §5). */
export function isCardFilled(card: NewCard): boolean {
  return [card.cardNumber, card.cardHolderName, card.expiryDate, card.cvv].every((field) => field.trim() !== '');
}
