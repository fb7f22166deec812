import { type CardInput, EMPTY_CARD } from '@/features/payments';

/** How checkout pays by card: a saved card (by its id) or a new one. */
export type CardSelection = string | 'new';

/** What the card section holds: the shopper's pick (null until they pick: the primary
 * card then, or a new card when none is saved), the new card's fields, and whether to
 * save it. */
export interface CardChoice {
  selected: CardSelection | null;
  newCard: CardInput;
  saveCard: boolean;
}

export const INITIAL_CARD_CHOICE: CardChoice = { selected: null, newCard: EMPTY_CARD, saveCard: false };

/** The card in use: the one picked while it is still saved, else the primary, else a new card. */
export function selectedCard(choice: CardChoice, saved: { _id: string; primary: boolean }[]): CardSelection {
  if (choice.selected === 'new') return 'new';
  if (choice.selected !== null && saved.some((card) => card._id === choice.selected)) return choice.selected;
  return saved.find((card) => card.primary)?._id ?? saved[0]?._id ?? 'new';
}

/** How the order is to be paid, as checkout hands it to `place`. */
export type CheckoutPayment =
  | { method: 'cod' }
  | { method: 'card'; savedCardId: string }
  | { method: 'card'; newCard: CardInput; saveCard: boolean }
  | { method: 'account'; poNumber: string };
