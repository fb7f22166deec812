// The console's webhook endpoints (issue 36's API): a shop has at most 20, so one call
// lists them all. The signing secret is answered only when an endpoint is created and
// when its secret is rotated: it is handed to the page once and never cached.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPostEnvelope, adminSendEnvelope } from '@/admin/shared/api/admin-call';
import { WEBHOOK_LIST_KEY, webhookKey } from '../query-keys';
import type { Webhook, WebhookChange, WebhookData, WebhookList, WebhookRequest, WebhookWithSecret } from '../types';

const path = (id: string) => `/admin/webhook/${encodeURIComponent(id)}`;

/** GET /admin/webhook: every endpoint. */
export const getWebhooks = () => adminGet<WebhookList>('/admin/webhook', undefined, 'Failed to load the webhooks').then((data) => data.webhooks);

export const getWebhooksQueryOptions = () => queryOptions({ queryKey: WEBHOOK_LIST_KEY, queryFn: getWebhooks, staleTime: 0 });

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());

/** GET /admin/webhook/{id}; 404 'Webhook not found'. */
export const getWebhook = (id: string) => adminGet<WebhookData>(path(id), undefined, 'Failed to load the webhook').then((data) => data.webhook);

export const getWebhookQueryOptions = (id: string) => queryOptions({ queryKey: webhookKey(id), queryFn: () => getWebhook(id), staleTime: 0 });

export const useWebhook = (id: string) => useQuery(getWebhookQueryOptions(id));

/** An endpoint and its new secret, with the server's sentence. */
export interface WithSecret {
  webhook: Webhook;
  secret: string;
  message: string;
}

/** POST /admin/webhook: 201 'Webhook created' with the secret; 400 `errors.url`,
 * `errors.events`, `errors.description`; 409 'A shop has at most 20 webhook endpoints'. */
export const createWebhook = (body: WebhookRequest): Promise<WithSecret> =>
  adminPostEnvelope<WebhookWithSecret>('/admin/webhook', body, 'Failed to add the endpoint').then(({ data, message }) => ({ ...data, message }));

/** PATCH /admin/webhook/{id} with only what changes: 'Webhook updated'; the refusals of
 * creating; 404 'Webhook not found'. */
export const updateWebhook = (id: string, body: WebhookChange) =>
  adminSendEnvelope<WebhookData>('PATCH', path(id), body, 'Failed to save the webhook').then(({ data, message }) => ({ webhook: data.webhook, message }));

/** POST /admin/webhook/{id}/rotate-secret: 'Secret rotated'; the old secret stops at once. */
export const rotateWebhookSecret = (id: string): Promise<WithSecret> =>
  adminPostEnvelope<WebhookWithSecret>(`${path(id)}/rotate-secret`, undefined, 'Failed to rotate the secret').then(({ data, message }) => ({ ...data, message }));

/** DELETE /admin/webhook/{id}, with its deliveries: 'Webhook deleted'; 404 'Webhook not found'. */
export const deleteWebhook = (id: string) => adminSendEnvelope<unknown>('DELETE', path(id), undefined, 'Failed to delete the webhook').then(({ message }) => message);

/** The endpoint as answered, and the list stale. */
function saved(client: QueryClient, webhook: Webhook) {
  client.setQueryData(webhookKey(webhook._id), webhook);
  void client.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: ({ webhook }) => saved(client, webhook) });
}

export function useUpdateWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: WebhookChange) => updateWebhook(id, body), onSuccess: ({ webhook }) => saved(client, webhook) });
}

export function useRotateWebhookSecret(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => rotateWebhookSecret(id), onSuccess: ({ webhook }) => saved(client, webhook) });
}

/** Deleting marks the list stale, not the endpoint's own page: that page leaves for the
 * list, and reading the endpoint again meanwhile would only find it gone. */
export function useDeleteWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => deleteWebhook(id), onSettled: () => void client.invalidateQueries({ queryKey: WEBHOOK_LIST_KEY }) });
}
