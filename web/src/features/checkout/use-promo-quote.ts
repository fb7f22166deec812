import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { quoteKey } from '@/api/query-keys';
import { getQuote, getQuoteQueryOptions, promoCodeRefusal, type QuoteInput, quoteRequest } from '@/features/orders';
import { errorMessage } from '@/lib/errors';
import { usePromoCodeStore } from './promo-code-store';

/** Said when applying a code fails without the server's words (spec §8). */
export const PROMO_FALLBACK = 'Failed to apply promo code';

/** The server's figures for the cart with the promo code the shopper applied, and the
 * code itself: `apply` asks the server's quote about a code and keeps it once the server
 * takes it; a quote that later refuses it (the cart fell under its minimum, it expired or
 * was used up meanwhile) drops it and says why. The cart and checkout share the code
 * through one store (promo-code-store.ts). With `onlyWithCode` (the cart, which works out its own
 * figures) the server is asked only while a code is applied. */
export function usePromoQuote(input: Omit<QuoteInput, 'promoCode'>, { onlyWithCode = false }: { onlyWithCode?: boolean } = {}) {
  const client = useQueryClient();
  const { code, refusal, apply, refuse, remove } = usePromoCodeStore();
  const quote = useQuery({ ...getQuoteQueryOptions({ ...input, promoCode: code }), enabled: input.items.length > 0 && (!onlyWithCode || code !== null) });
  const dropped = code === null ? null : promoCodeRefusal(quote.error);
  useEffect(() => {
    if (dropped) refuse(dropped);
  }, [dropped, refuse]);

  /** Asks the server's quote about `typed`; resolves to whether it was applied. */
  const applyCode = async (typed: string): Promise<boolean> => {
    // The server keeps codes uppercased and takes them in any case.
    const candidate = { ...input, promoCode: typed.trim().toUpperCase() };
    try {
      const figures = await getQuote(quoteRequest(candidate), PROMO_FALLBACK);
      // The summary shows these figures at once, while the page's quote asks again.
      client.setQueryData(quoteKey(candidate), figures);
      apply(candidate.promoCode);
      return true;
    } catch (error) {
      refuse(promoCodeRefusal(error) ?? errorMessage(error, PROMO_FALLBACK));
      return false;
    }
  };

  return {
    quote,
    /** A quote error that is not about the code (which is dropped and said at the box). */
    quoteError: quote.isError && !quote.data && !promoCodeRefusal(quote.error) ? quote.error : null,
    promo: { code, refusal, apply: applyCode, refuse, remove },
  };
}
