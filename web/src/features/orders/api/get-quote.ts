import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quoteKey } from '@/api/query-keys';
import { apiSend, ApiError } from '@/lib/api-client';
import type { DeliveryChoice, Fulfilment, LineInput, Quote, QuoteRequest } from './types';

export const getQuote = (request: QuoteRequest, fallbackMessage = 'Failed to work out your total') => apiSend<Quote>('POST', '/order/quote', request, fallbackMessage);

export interface QuoteInput {
  /** The signed-in shopper, whose cart the server reads; null for a guest. */
  userId: string | null;
  fulfilment: Fulfilment;
  /** The cart's lines as shown: a guest's are sent; a signed-in shopper's only key the
   * query, so a change to the cart asks again. */
  items: LineInput[];
  /** The promo code to price in, or null for none. */
  promoCode?: string | null;
  /** For a delivery: where it goes and the method chosen. */
  delivery?: DeliveryChoice;
}

/** The request a quote for `input` sends: the delivery's fields only for a delivery. */
export const quoteRequest = ({ userId, fulfilment, items, promoCode, delivery }: QuoteInput): QuoteRequest => ({
  fulfilment,
  ...(userId === null && { items }),
  ...(promoCode && { promoCode }),
  ...(fulfilment === 'delivery' && delivery && deliveryFields(delivery)),
});

/** The delivery's fields as the quote sends them: each only when given. */
const deliveryFields = ({ postcode, country, methodId }: DeliveryChoice) => ({
  ...(postcode.trim() !== '' && { postcode: postcode.trim() }),
  ...(country !== '' && { country }),
  ...(methodId !== null && { deliveryMethodId: methodId }),
});

/** The server's figures for the cart, asked again whenever the mode, the cart or the
 * promo code changes; none for an empty cart (the server would refuse it). */
export const getQuoteQueryOptions = (input: QuoteInput) =>
  queryOptions({
    queryKey: quoteKey(input),
    queryFn: () => getQuote(quoteRequest(input)),
    enabled: input.items.length > 0,
    // Stock moves: a quote is fresh only when it arrives.
    staleTime: 0,
    // The previous figures stay on screen while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useQuote = (input: QuoteInput) => useQuery(getQuoteQueryOptions(input));

/** Why the server would not take a promo code (`code` `promo_invalid`, the reason in
 * `errors.promoCode`: 'This promo code has expired', 'This promo code has been used up',
 * …), or null when `error` is about something else. The quote and the order refuse a
 * code alike. */
export function promoCodeRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'promo_invalid') return null;
  return error.errors?.promoCode ?? error.message;
}
