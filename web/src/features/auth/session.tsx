import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ITEMS_KEY } from '@/api/query-keys';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { getCurrentUser } from './api/get-current-user';
import { useAuth } from './store';

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
