// Example content for the account's payment-methods and transaction screens. These become
// real with online payments (DESIGN.md §7); until then the pages show these examples and
// say that they are examples. (Orders are real: features/orders.)

import type { CardBrand } from './cards';

export interface SavedCard {
  id: string;
  holderName: string;
  brand: CardBrand;
  lastFour: string;
  /** MM/YY */
  expiry: string;
  primary: boolean;
}

export interface Transaction {
  id: string;
  /** The card paid with: its title is the masked card. */
  lastFour: string;
  /** When it happened (ISO 8601 UTC): its description is the date and time. */
  at: string;
  amount: number;
}

export const SAMPLE_NOTE = {
  cards: 'Examples: saved cards arrive with online payments.',
  transactions: 'Examples: your transactions will be listed here once online payments open.',
} as const;

export const SAMPLE_CARDS: SavedCard[] = [
  { id: 'card-1', holderName: 'Alex Morgan', brand: 'visa', lastFour: '4242', expiry: '08/29', primary: true },
  { id: 'card-2', holderName: 'Alex Morgan', brand: 'mastercard', lastFour: '4444', expiry: '11/28', primary: false },
];

export const SAMPLE_TRANSACTIONS: Transaction[] = [
  { id: 'txn-1', lastFour: '4242', at: '2025-05-14T10:24:00Z', amount: 86.4 },
  { id: 'txn-2', lastFour: '4444', at: '2025-05-02T16:05:00Z', amount: 23.99 },
  { id: 'txn-3', lastFour: '4242', at: '2025-04-19T09:47:00Z', amount: 149.0 },
  { id: 'txn-4', lastFour: '4242', at: '2025-04-03T13:12:00Z', amount: 12.5 },
  { id: 'txn-5', lastFour: '4444', at: '2025-03-21T18:30:00Z', amount: 64.75 },
  { id: 'txn-6', lastFour: '4242', at: '2025-03-08T11:02:00Z', amount: 38.2 },
];

/** How many transactions the Payment Methods page previews before 'View All'. */
export const TRANSACTION_PREVIEW = 3;
