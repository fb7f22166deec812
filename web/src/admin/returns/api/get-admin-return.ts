import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { adminReturnKey } from '../query-keys';
import type { Return } from '../types';

/** GET /admin/return/{id}: one return with its events and its photos' signed addresses;
 * 404 'Return not found'. */
export const getAdminReturn = (id: string) => adminGet<{ return: Return }>(`/admin/return/${encodeURIComponent(id)}`, undefined, 'Failed to load the return').then((data) => data.return);

export const getAdminReturnQueryOptions = (id: string) =>
  // Fresh each time it is opened: the photos' addresses work for 15 to 30 minutes only.
  queryOptions({ queryKey: adminReturnKey(id), queryFn: () => getAdminReturn(id), staleTime: 0 });

export const useAdminReturn = (id: string) => useQuery(getAdminReturnQueryOptions(id));
