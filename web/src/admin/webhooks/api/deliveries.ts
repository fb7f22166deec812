// One endpoint's deliveries, newest first, a page at a time, and sending one again.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPostEnvelope } from '@/admin/shared/api/admin-call';
import { webhookDeliveriesKey, webhookDeliveriesPageKey } from '../query-keys';
import type { Delivery, DeliveryData, DeliveryList } from '../types';

/** How many deliveries the table shows on a page. */
export const DELIVERIES_PER_PAGE = 20;

const path = (id: string) => `/admin/webhook/${encodeURIComponent(id)}/delivery`;

/** GET /admin/webhook/{id}/delivery?page&perPage. */
export const getDeliveries = (id: string, page: number) =>
  adminGet<DeliveryList>(path(id), { page, perPage: DELIVERIES_PER_PAGE }, 'Failed to load the deliveries');

export const getDeliveriesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: webhookDeliveriesPageKey(id, page),
    queryFn: () => getDeliveries(id, page),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    // The shop sends events at any time: read fresh whenever it is opened.
    staleTime: 0,
  });

export const useDeliveries = (id: string, page: number) => useQuery(getDeliveriesQueryOptions(id, page));

/** POST /admin/webhook/{id}/delivery/{deliveryId}/resend: the same event id sent again now;
 * the answer holds the new try. 404 'Delivery not found'. */
export const resendDelivery = (id: string, deliveryId: string) =>
  adminPostEnvelope<DeliveryData>(`${path(id)}/${encodeURIComponent(deliveryId)}/resend`, undefined, 'Failed to send the delivery again').then(({ data, message }) => ({
    delivery: data.delivery,
    message,
  }));

/** Sends a delivery again: its row shows the answer at once, then every page is read again. */
export function useResendDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendDelivery(id, deliveryId),
    onSuccess: ({ delivery }) => {
      const replace = (list: DeliveryList | undefined) => list && { ...list, deliveries: list.deliveries.map((row: Delivery) => (row._id === delivery._id ? delivery : row)) };
      client.setQueriesData<DeliveryList>({ queryKey: webhookDeliveriesKey(id) }, replace);
      void client.invalidateQueries({ queryKey: webhookDeliveriesKey(id) });
    },
    onError: () => void client.invalidateQueries({ queryKey: webhookDeliveriesKey(id) }),
  });
}
