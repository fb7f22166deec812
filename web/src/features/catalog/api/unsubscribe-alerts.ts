import { useQuery } from '@tanstack/react-query';
import { alertUnsubscribeKey } from '@/api/query-keys';
import { apiCall } from '@/lib/api-client';

/** The back-in-stock mail's unsubscribe link (docs/DESIGN.md §12): every alert the address
 * waits for stops. 200 'You will get no more back-in-stock e-mails' (the same for a link
 * used again), 404 'This link is not valid'. */
export const unsubscribeAlerts = (token: string) =>
  apiCall<unknown>('POST', '/alert/unsubscribe', undefined, { query: { token }, fallbackMessage: 'Failed to unsubscribe' }).then(({ message }) => message);

/** Unsubscribes once when the page opens, with `token` (none: nothing is asked). A query
 * rather than a mutation, though it posts: the page's double mount in development, and a
 * return to it, share the one answer instead of posting again. */
export const useUnsubscribeAlerts = (token: string) =>
  useQuery({
    queryKey: alertUnsubscribeKey(token),
    queryFn: () => unsubscribeAlerts(token),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });
