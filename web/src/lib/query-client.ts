import { QueryClient } from '@tanstack/react-query';

/** Server state freshness: five minutes, as the spec sets for the homepage (spec §9). */
export const FIVE_MINUTES = 300_000;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: FIVE_MINUTES, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: 1 },
    },
  });
}
