// The console's delivery methods (docs/DESIGN.md §10). A shop has at most 50, so the
// server answers them all at once and has no call for one: the edit page reads its
// method from the same list. Every change marks the whole family stale (the list and
// every preview), because one save can move another method: making a method the
// default takes it from the one before, and a position reorders the checkout.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminPost, adminPut } from '@/admin/shared/api/admin-call';
import { ADMIN_DELIVERY_METHODS_KEY, deliveryPreviewKey } from '@/api/query-keys';
import type { DeliveryMethod, DeliveryMethodData, DeliveryMethodList, DeliveryMethodRequest, DeliveryPreview } from '@/api/types';

/** The list of every method, in the checkout's order. */
export const DELIVERY_METHODS_LIST_KEY = [...ADMIN_DELIVERY_METHODS_KEY, 'list'] as const;

export const METHOD_NOT_FOUND = 'Delivery method not found';

/** GET /admin/delivery-method: every method, in the checkout's order. */
export const getDeliveryMethods = (): Promise<DeliveryMethod[]> =>
  adminGet<DeliveryMethodList>('/admin/delivery-method', undefined, 'Failed to load the delivery methods').then((data) => data.methods);

export const getDeliveryMethodsQueryOptions = () => queryOptions({ queryKey: DELIVERY_METHODS_LIST_KEY, queryFn: getDeliveryMethods, staleTime: 0 });

export const useDeliveryMethods = () => useQuery(getDeliveryMethodsQueryOptions());

/** The method with `id`, read from the list; the query fails with 'Delivery method not
 * found' when the list has none (an error thrown by `select` is the query's error). */
export const useDeliveryMethod = (id: string) =>
  useQuery({
    ...getDeliveryMethodsQueryOptions(),
    select: (methods: DeliveryMethod[]) => {
      const found = methods.find((method) => method._id === id);
      if (!found) throw new Error(METHOD_NOT_FOUND);
      return found;
    },
  });

/** `methods` with `method` in its place, in the checkout's order (position, then id, as
 * the server orders them); when it is the default now, no other one is. */
export function withMethod(methods: DeliveryMethod[], method: DeliveryMethod): DeliveryMethod[] {
  const others = methods.filter((other) => other._id !== method._id).map((other) => (method.isDefault && other.isDefault ? { ...other, isDefault: false } : other));
  return [...others, method].sort((a, b) => a.position - b.position || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** Puts `method` in the cached list as it now is (a save's answer, or a stale save's
 * latest), without asking the server. */
export const putMethod = (client: QueryClient, method: DeliveryMethod) =>
  client.setQueryData<DeliveryMethod[]>(DELIVERY_METHODS_LIST_KEY, (methods) => methods && withMethod(methods, method));

/** The saved method at once, then the list and the previews from the server (a save may
 * have changed another method's default). */
function saved(client: QueryClient, method: DeliveryMethod) {
  putMethod(client, method);
  void client.invalidateQueries({ queryKey: ADMIN_DELIVERY_METHODS_KEY });
}

/** POST /admin/delivery-method: 201 'Delivery method created'; 400 with `errors` keyed as
 * the request is (`rates[1].upToGrams`, `postcodePrefixes[0]`); 409 'A shop can have at
 * most 50 delivery methods'. */
export const createDeliveryMethod = (body: DeliveryMethodRequest): Promise<DeliveryMethod> =>
  adminPost<DeliveryMethodData>('/admin/delivery-method', body, 'Failed to create the delivery method').then((data) => data.method);

/** PUT /admin/delivery-method/{id} with the whole method and the `version` it was loaded
 * at: 'Delivery method updated'; the refusals of creating, `errors.isDefault` when the
 * default would stop being one, 404 'Delivery method not found', 409 stale with `{method}`
 * as it now is. */
export const updateDeliveryMethod = (id: string, body: DeliveryMethodRequest): Promise<DeliveryMethod> =>
  adminPut<DeliveryMethodData>(`/admin/delivery-method/${encodeURIComponent(id)}`, body, 'Failed to save the delivery method').then((data) => data.method);

/** DELETE /admin/delivery-method/{id}: 'Delivery method deleted'; 409 'The default delivery
 * method cannot be deleted'; 404 'Delivery method not found'. */
export const deleteDeliveryMethod = (id: string) => adminDelete<unknown>(`/admin/delivery-method/${encodeURIComponent(id)}`, 'Failed to delete the delivery method');

export function useCreateDeliveryMethod() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDeliveryMethod, onSuccess: (method) => saved(client, method) });
}

export function useUpdateDeliveryMethod(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: DeliveryMethodRequest) => updateDeliveryMethod(id, body), onSuccess: (method) => saved(client, method) });
}

/** Deleting marks the list stale rather than taking the method out of it at once: the
 * page that deleted it still reads it from the list until it has moved on. A refusal
 * (404: someone deleted it first) marks it stale too. */
export function useDeleteDeliveryMethod(id: string) {
  const client = useQueryClient();
  const changed = () => void client.invalidateQueries({ queryKey: ADMIN_DELIVERY_METHODS_KEY });
  return useMutation({ mutationFn: () => deleteDeliveryMethod(id), onSuccess: changed, onError: changed });
}

/** A parcel the preview asks about: a postcode (blank: none), its weight and the goods
 * after discounts. */
export type PreviewQuery = { postcode: string; weightGrams: number; goods: number };

/** GET /admin/delivery-method/preview: the methods a checkout would offer for the parcel,
 * each with its price or why not, the one it would use and why none would. */
export const getDeliveryPreview = (query: PreviewQuery) =>
  adminGet<DeliveryPreview>('/admin/delivery-method/preview', query, 'Failed to preview the delivery methods');

/** The preview for `query`, with the parcel it answers: the answer before stays on
 * screen while the next one loads, and says which parcel it is for. */
export const useDeliveryPreview = (query: PreviewQuery) =>
  useQuery({
    queryKey: deliveryPreviewKey(query),
    queryFn: () => getDeliveryPreview(query).then((preview) => ({ ...preview, query })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
