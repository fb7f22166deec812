import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { returnKey } from '../returns';
import { retryUnlessAnswered } from './retry';
import type { Return } from './types';

/** One return: its shopper's (the bearer), or anyone's with the order link's `token`.
 * 404 'Return not found'. */
export const getReturn = (id: string, token: string | null) =>
  apiGet<{ return: Return }>(`/return/${encodeURIComponent(id)}`, { token }, 'Failed to load the return').then((data) => data.return);

export const getReturnQueryOptions = (id: string, token: string | null) =>
  queryOptions({
    queryKey: returnKey(id, token),
    queryFn: () => getReturn(id, token),
    // Staff move it on, and its photos' addresses expire: asked for on every visit.
    staleTime: 0,
    retry: retryUnlessAnswered,
  });

export const useReturn = (id: string, token: string | null) => useQuery(getReturnQueryOptions(id, token));
