import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedAddressKey } from '@/api/query-keys';
import type { Contact } from '@/features/orders';
import { apiGet } from '@/lib/api-client';

/** The address saved with 'Save address to my profile', if any. */
export const getSavedAddress = () => apiGet<{ address: Contact | null }>('/user/address', undefined, 'Failed to fetch your address').then((data) => data.address);

export const getSavedAddressQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: savedAddressKey(userId), queryFn: getSavedAddress, enabled: userId !== null });

/** The signed-in shopper's saved address; nothing is asked for a guest (`userId` null). */
export const useSavedAddress = (userId: string | null) => useQuery(getSavedAddressQueryOptions(userId));
