// The orders API's shapes, written by hand from the server's contract (issue 12) until
// the OpenAPI document carries them; then these become names for the generated types,
// as src/api/types.ts does for the rest. Money is a number with two decimals in the
// cart's (rupee) reading; dates are ISO 8601 UTC strings.

export type Fulfilment = 'pickup' | 'delivery';

export type OrderStatus = 'placed' | 'ready_for_pickup' | 'shipped' | 'completed' | 'cancelled';

export type PaymentStatus = 'unpaid' | 'pending' | 'paid' | 'refunded' | 'failed';

export type OrderEventType = 'placed' | 'paid' | 'ready_for_pickup' | 'shipped' | 'completed' | 'cancelled' | 'refunded';

/** A product and how many, as a guest's cart sends it (a signed-in shopper's cart is the server's). */
export interface LineInput {
  productId: string;
  quantity: number;
}

/** Who the order is for and, for delivery, where it goes. An order's contact has every
 * field, empty strings for those not given. */
export interface Contact {
  firstName: string;
  companyName: string;
  streetAddress: string;
  apartment: string;
  townCity: string;
  phoneNumber: string;
  emailAddress: string;
}

/** The contact as sent: pickup needs only the name, phone and e-mail. */
export type ContactInput = Pick<Contact, 'firstName' | 'phoneNumber' | 'emailAddress'> & Partial<Omit<Contact, 'firstName' | 'phoneNumber' | 'emailAddress'>>;

export interface QuoteRequest {
  fulfilment: Fulfilment;
  /** A guest's lines; left out when signed in. */
  items?: LineInput[];
}

export interface QuoteLine {
  productId: string;
  quantity: number;
  /** False when the line cannot be met; `message` then says why. */
  available: boolean;
  message?: string;
}

/** The server's figures for the cart as it stands. */
export interface Quote {
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  lines: QuoteLine[];
}

export interface PlaceOrderRequest {
  fulfilment: Fulfilment;
  contact: ContactInput;
  saveAddress: boolean;
  /** Cash on delivery only; cards come with online payments (issue 13). */
  payment: { method: 'cod' };
  /** A guest's lines; left out when signed in. */
  items?: LineInput[];
}

export interface OrderLine {
  productId: string;
  name: string;
  image: string | null;
  /** The price paid for one. */
  unitPrice: number;
  /** The price before the product's discount. */
  listPrice: number;
  quantity: number;
  lineTotal: number;
}

/** A step in the order's life; only the public ones, oldest first. */
export interface OrderEvent {
  type: OrderEventType;
  at: string;
  note: string | null;
}

export interface Order {
  _id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfilment: Fulfilment;
  lines: OrderLine[];
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  contact: Contact;
  /** Always null until promo codes exist (DESIGN.md §8). */
  promoCode: null;
  events: OrderEvent[];
  cancellable: boolean;
  createdAt: string;
}

/** POST /order's answer: the order, and the signed token that opens its page
 * (`/orders/{number}?token=…`, valid 90 days). */
export interface PlacedOrder {
  order: Order;
  token: string;
}

export interface OrderList {
  orders: Order[];
  total: number;
  page: number;
  perPage: number;
}

export interface TrackOrderRequest {
  number: string;
  emailAddress: string;
}
