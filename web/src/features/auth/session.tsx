import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ITEMS_KEY, PRODUCT_QUERY_KEYS, SUGGESTIONS_KEY } from '@/api/query-keys';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { getCurrentUser } from './api/get-current-user';
import { useAuth, useSignedInUserId } from './store';

/** On load, refreshes the stored user from the server; a 401 (token revoked, expired or
 * the account gone) logs out (spec §4). Other failures keep the session. */
export function SessionCheck() {
  const token = useAuth((state) => state.accessToken);
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let current = true;
    getCurrentUser()
      .then((user) => {
        if (current && useAuth.getState().accessToken === token) useAuth.getState().setUser(user);
      })
      .catch((error: unknown) => {
        if (!current || !(error instanceof ApiError) || error.status !== 401) return;
        if (useAuth.getState().accessToken !== token) return;
        useAuth.getState().signOut();
        client.removeQueries({ queryKey: ITEMS_KEY });
        toast.info('Your session has ended. Please log in again.');
      });
    return () => {
      current = false;
    };
  }, [token, client]);
  return null;
}

/** Prices follow who asks (docs/DESIGN.md §11): a trade customer's products, listing,
 * home page and suggestions carry their own prices, a guest's the public ones. When the
 * signed-in customer changes (signing in, out, or as another), every answer the browser
 * keeps that holds prices is dropped, and the pages showing them load them again. */
export function PricesFollowShopper() {
  const client = useQueryClient();
  const userId = useSignedInUserId();
  const seen = useRef(userId);
  useEffect(() => {
    if (seen.current === userId) return;
    seen.current = userId;
    for (const queryKey of [...PRODUCT_QUERY_KEYS, SUGGESTIONS_KEY]) void client.resetQueries({ queryKey });
  }, [client, userId]);
  return null;
}
