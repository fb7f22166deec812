// The customer groups trade accounts belong to (docs/DESIGN.md §11). A shop has at most
// 100, so the server answers them all at once and has no call for one: the group's page
// reads it from the same list, as delivery methods do.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminPost, adminPut } from '@/admin/shared/api/admin-call';
import type { CustomerGroup, CustomerGroupRequest } from '@/api/types';
import { CUSTOMER_GROUPS_KEY } from '@/api/query-keys';

export const GROUP_NOT_FOUND = 'Customer group not found';

type GroupList = { groups: CustomerGroup[] };
type GroupData = { group: CustomerGroup };

/** GET /admin/customer-group: every group, by name. */
export const getCustomerGroups = (): Promise<CustomerGroup[]> =>
  adminGet<GroupList>('/admin/customer-group', undefined, 'Failed to load the customer groups').then((data) => data.groups);

export const getCustomerGroupsQueryOptions = () => queryOptions({ queryKey: CUSTOMER_GROUPS_KEY, queryFn: getCustomerGroups, staleTime: 0 });

export const useCustomerGroups = () => useQuery(getCustomerGroupsQueryOptions());

/** The group with `id`, read from the list; the query fails with 'Customer group not
 * found' when the list has none. */
export const useCustomerGroup = (id: string) =>
  useQuery({
    ...getCustomerGroupsQueryOptions(),
    select: (groups: CustomerGroup[]) => {
      const found = groups.find((group) => group._id === id);
      if (!found) throw new Error(GROUP_NOT_FOUND);
      return found;
    },
  });

/** Puts `group` in the cached list as it now is (a save's answer, or a stale save's
 * latest), without asking the server. */
export const putGroup = (client: QueryClient, group: CustomerGroup) =>
  client.setQueryData<CustomerGroup[]>(CUSTOMER_GROUPS_KEY, (groups) => groups && [...groups.filter((other) => other._id !== group._id), group].sort((a, b) => a.name.localeCompare(b.name)));

function saved(client: QueryClient, group: CustomerGroup) {
  putGroup(client, group);
  void client.invalidateQueries({ queryKey: CUSTOMER_GROUPS_KEY });
}

/** POST /admin/customer-group: 201 'Customer group created'; 400 with `errors` keyed as the
 * request is (`name`, `categoryDiscounts[0].categoryId` 'No such category' or 'Each
 * category may have one discount', `categoryDiscounts[0].percent`); 409 'A group with
 * this name exists', 'A shop can have at most 100 customer groups'. */
export const createCustomerGroup = (body: CustomerGroupRequest): Promise<CustomerGroup> =>
  adminPost<GroupData>('/admin/customer-group', body, 'Failed to create the customer group').then((data) => data.group);

/** PUT /admin/customer-group/{id} with the whole group and the `version` it was loaded at:
 * 'Customer group updated'; the refusals of creating; 404 'Customer group not found'; 409
 * stale with `{group}` as it now is. */
export const updateCustomerGroup = (id: string, body: CustomerGroupRequest): Promise<CustomerGroup> =>
  adminPut<GroupData>(`/admin/customer-group/${encodeURIComponent(id)}`, body, 'Failed to save the customer group').then((data) => data.group);

/** DELETE /admin/customer-group/{id}: 'Customer group deleted'; 409 'This group has 3
 * members: move them to another group first'; 404. */
export const deleteCustomerGroup = (id: string) => adminDelete<unknown>(`/admin/customer-group/${encodeURIComponent(id)}`, 'Failed to delete the customer group');

export function useCreateCustomerGroup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCustomerGroup, onSuccess: (group) => saved(client, group) });
}

export function useUpdateCustomerGroup(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: CustomerGroupRequest) => updateCustomerGroup(id, body), onSuccess: (group) => saved(client, group) });
}

/** Deleting marks the list stale rather than taking the group out of it at once: the page
 * that deleted it still reads it from the list until it has moved on. A refusal (members
 * joined since, or someone deleted it first) marks it stale too. */
export function useDeleteCustomerGroup(id: string) {
  const client = useQueryClient();
  const changed = () => void client.invalidateQueries({ queryKey: CUSTOMER_GROUPS_KEY });
  return useMutation({ mutationFn: () => deleteCustomerGroup(id), onSuccess: changed, onError: changed });
}
