// The orders API's shapes. What the server answers is generated from its OpenAPI
// document (src/api/types.ts); what the storefront sends is narrowed here to the values
// the server accepts. Money is a number with two decimals in the cart's (rupee)
// reading; dates are ISO 8601 UTC strings.

import type { Contact, Order as ApiOrder, OrderFulfilment, OrderList as ApiOrderList, PlacedOrder as ApiPlacedOrder } from '@/api/types';
import type { CardPayment, OrderPaymentFields, PlacedOrderPaymentFields } from '@/features/payments';

export type { Contact, DeliveryOptionView as DeliveryOption, OrderEvent, OrderEventType, OrderLine, OrderStatus, Quote, QuoteLine } from '@/api/types';

// How an order is paid, with the values the contract names (the generated schema says
// "a string"): features/payments/api/types.ts.
export type Order = ApiOrder & OrderPaymentFields;
export type OrderList = Omit<ApiOrderList, 'orders'> & { orders: Order[] };
export type PlacedOrder = ApiPlacedOrder & { order: Order } & PlacedOrderPaymentFields;

export type Fulfilment = OrderFulfilment;

/** A product's variant and how many, as a guest's cart sends it (a signed-in shopper's
 * cart is the server's). `variantId` is left out only for a product with one variant
 * (docs/DESIGN.md §9). */
export interface LineInput {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** The contact as sent: pickup needs only the name, phone and e-mail. */
export type ContactInput = Pick<Contact, 'firstName' | 'phoneNumber' | 'emailAddress'> & Partial<Omit<Contact, 'firstName' | 'phoneNumber' | 'emailAddress'>>;

export interface QuoteRequest {
  fulfilment: Fulfilment;
  /** A guest's lines; left out when signed in. */
  items?: LineInput[];
  /** A promo code to price in; left out for none. */
  promoCode?: string;
  /** Where a delivery goes (docs/DESIGN.md §10): it chooses the methods offered. */
  postcode?: string;
  /** The delivery's country code; left out for the shop's. */
  country?: string;
  /** The delivery method to price; left out for the default. */
  deliveryMethodId?: string;
}

/** Where a delivery goes and the method chosen, as the quote and the order send them. */
export interface DeliveryChoice {
  postcode: string;
  /** Empty for the shop's country. */
  country: string;
  /** Null until the shopper picks one. */
  methodId: string | null;
}

/** Pay on account (docs/DESIGN.md §11): the order is placed unpaid, due after the
 * account's terms; `poNumber` is 1 to 40 characters once trimmed. */
export interface AccountPayment {
  method: 'account';
  poNumber: string;
}

export interface PlaceOrderRequest {
  fulfilment: Fulfilment;
  contact: ContactInput;
  saveAddress: boolean;
  /** Cash on delivery (or at pickup), a card (a saved one or a fresh token), or an
   * approved trade account's credit with the buyer's purchase-order number. */
  payment: { method: 'cod' } | CardPayment | AccountPayment;
  /** A guest's lines; left out when signed in. */
  items?: LineInput[];
  /** The promo code the shopper applied; left out for none. */
  promoCode?: string;
  /** For a delivery: the method chosen; left out for the default. */
  deliveryMethodId?: string;
}

export interface TrackOrderRequest {
  number: string;
  emailAddress: string;
}
