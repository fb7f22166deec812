// The orders feature's public face for other features: checkout asks for the quote (with
// a promo code, when one is applied) and places the order through these calls, with these
// shapes; the returns feature reads the order it returns items of.
export { getQuote, getQuoteQueryOptions, promoCodeRefusal, quoteRequest, type QuoteInput, useQuote } from './api/get-quote';
export { useOrder } from './api/get-order';
export { usePlaceOrder } from './api/place-order';
export type { Contact, ContactInput, DeliveryChoice, DeliveryOption, Fulfilment, LineInput, Order, OrderLine, PlacedOrder, PlaceOrderRequest, Quote, QuoteLine } from './api/types';
export { OrderDocuments } from './components/order-documents';
export { OrderHistory } from './components/order-history';
export { OrderPage } from './components/order-page';
export { TrackOrderForm } from './components/track-order-form';
