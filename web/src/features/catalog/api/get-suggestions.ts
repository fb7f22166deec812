import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { suggestionsKey } from '@/api/query-keys';
import type { SuggestedProduct, Suggestions } from '@/api/types';
import { apiGet } from '@/lib/api-client';

/** A suggested product: for a signed-in trade customer `discountedPrice` is their own
 * price and `listPrice` the public one (docs/DESIGN.md §11). */
export type { SuggestedProduct, Suggestions };

/** What the server asks of `q`: 2 to 100 characters once trimmed (else a 400). */
export function canSuggest(q: string): boolean {
  const length = [...q.trim()].length;
  return length >= 2 && length <= 100;
}

export const getSuggestions = (q: string): Promise<Suggestions> =>
  apiGet<Suggestions>('/search/suggest', { q: q.trim() }, 'Failed to fetch suggestions');

export const getSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: suggestionsKey(q.trim()),
    queryFn: () => getSuggestions(q),
    enabled: canSuggest(q),
    staleTime: 30_000,
    // The last answer stays up while the next loads, so the list does not flicker as
    // the shopper types.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });

/** The header's suggestions for `q` (already debounced by the caller). */
export const useSuggestions = (q: string) => useQuery(getSuggestionsQueryOptions(q));
