// Disabling and enabling an account. Both answer with the customer as they now stand.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { ADMIN_CUSTOMERS_KEY, customerKey } from '@/api/query-keys';
import type { Customer, CustomerDetail } from '@/api/types';

/** POST /admin/customer/{id}/disable or /enable. Disabling signs the customer out
 * everywhere at once and keeps them out; 403 'You cannot disable your own account' or
 * 'Administrators cannot be disabled', 404 'Customer not found'. */
export const setCustomerAccess = (id: string, access: 'disable' | 'enable') =>
  adminPost<{ customer: Customer }>(`/admin/customer/${encodeURIComponent(id)}/${access}`, undefined, `Failed to ${access} the account`).then((data) => data.customer);

export function useSetCustomerAccess(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (access: 'disable' | 'enable') => setCustomerAccess(id, access),
    // Their page shows the answer at once; the table and the rest are read again.
    onSuccess: (customer) => client.setQueriesData<CustomerDetail>({ queryKey: customerKey(id) }, (old) => old && { ...old, customer }),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_CUSTOMERS_KEY }),
  });
}
