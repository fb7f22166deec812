import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import type { Fulfilment, LineInput, Quote, QuoteRequest } from './types';

/** The first part of every quote's key: a failed order invalidates them all. */
export const QUOTE_KEY = ['order-quote'] as const;

export const getQuote = (request: QuoteRequest) => apiSend<Quote>('POST', '/order/quote', request, 'Failed to work out your total');

export interface QuoteInput {
  /** The signed-in shopper, whose cart the server reads; null for a guest. */
  userId: string | null;
  fulfilment: Fulfilment;
  /** The cart's lines as shown: a guest's are sent; a signed-in shopper's only key the
   * query, so a change to the cart asks again. */
  items: LineInput[];
}

/** The server's figures for the cart, asked again whenever the mode or the cart changes;
 * none for an empty cart (the server would refuse it). */
export const getQuoteQueryOptions = ({ userId, fulfilment, items }: QuoteInput) =>
  queryOptions({
    queryKey: [...QUOTE_KEY, userId, fulfilment, items],
    queryFn: () => getQuote(userId === null ? { fulfilment, items } : { fulfilment }),
    enabled: items.length > 0,
    // Stock moves: a quote is fresh only when it arrives.
    staleTime: 0,
    // The previous figures stay on screen while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useQuote = (input: QuoteInput) => useQuery(getQuoteQueryOptions(input));
