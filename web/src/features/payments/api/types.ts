// The card payments API's shapes. What the shop's API answers is generated from
// its OpenAPI document (src/api/types.ts); where the document says only "a string", the
// values the contract names are narrowed here, so the storefront can rely on them. The
// provider's own tokenize endpoint is not the shop's API: its shapes are written here.
// Money is a number with two decimals in the cart's (rupee) reading; dates are ISO 8601
// UTC strings.

import type {
  CardUsed,
  NewPaymentMethod,
  NextAction as ApiNextAction,
  Payment,
  PaymentConfig as ApiPaymentConfig,
  PaymentMethod as ApiPaymentMethod,
  Transaction as ApiTransaction,
  TransactionList as ApiTransactionList,
} from '@/api/types';

export type { TransactionKind, TransactionStatus } from '@/api/types';

/** A card's brand as the provider reports it. */
export type ProviderBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** GET /payment/config: which provider takes cards, whether no real money moves (the
 * storefront then says so beside every card form), and the provider's own tokenize
 * endpoint (never under /api; null without card payments). `manual`: cash only. */
export type PaymentConfig = ApiPaymentConfig & { provider: 'test' | 'manual'; tokenizeUrl: string | null };

/** A saved card (GET /payment-method): primary first, then newest first. */
export type PaymentMethod = ApiPaymentMethod & { brand: ProviderBrand };

/** POST /payment-method. The first card saved becomes primary whatever `setPrimary` says. */
export type AddPaymentMethodRequest = Required<NewPaymentMethod>;

/** One movement of money, or an attempt at one. `brand`/`last4` are null for cash;
 * `orderNumber` is null for a card refused before any order was placed; `message` is
 * the provider's for a failed one. */
export type Transaction = ApiTransaction & {
  brand: ProviderBrand | null;
  last4: string | null;
  orderNumber: string | null;
  message: string | null;
};

/** GET /transaction?page&perPage: newest first. */
export type TransactionList = Omit<ApiTransactionList, 'transactions'> & { transactions: Transaction[] };

/** How an order is paid for by card: a saved card's `_id` or a fresh token ('pm_test_…').
 * `saveCard` (a signed-in shopper with a fresh token) keeps the card in Payment Methods. */
export type CardPayment = Payment & { method: 'card'; paymentMethodId: string; saveCard: boolean };

/** What the shopper must do before the payment completes: 3-D Secure, on the bank's page. */
export type NextAction = ApiNextAction & { type: 'redirect' };

/** The card an order was paid with, as it may be shown. */
export type OrderCard = CardUsed & { brand: ProviderBrand };

/** What card payments add to an order, narrowed: cash, a card, or a trade account's
 * credit (docs/DESIGN.md §11). */
export interface OrderPaymentFields {
  paymentMethod: 'cod' | 'card' | 'account';
  card: OrderCard | null;
}

/** What a placed order's answer may add: the step the shopper must take to pay. */
export interface PlacedOrderPaymentFields {
  nextAction?: NextAction | null;
}

// The test provider's tokenize endpoint (POST {tokenizeUrl}), outside the shop's API.

/** What is sent to the provider, and only there. */
export interface TokenizeRequest {
  /** Spaces allowed. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  holderName: string;
}

/** The provider's answer: a token standing for the card, and what may be shown of it. */
export interface CardToken {
  /** 'pm_test_…': what the shop's API receives instead of the card. */
  id: string;
  brand: ProviderBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

/** The provider's refusal (400), outside the shop's envelope. */
export interface ProviderError {
  error: { code: string; message: string };
}
