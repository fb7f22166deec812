// The webhook form, checked before it is sent: a URL, at least one event and a short
// description. Whether the URL is one the shop may call (https, public) is the server's
// to say: its `errors.url` lands under the field.
import { z } from 'zod/mini';
import { WEBHOOK_EVENTS, type Webhook, type WebhookChange, type WebhookRequest } from './types';

/** The longest description the server takes. */
export const MAX_DESCRIPTION_CHARS = 200;

export const WEBHOOK_MESSAGES = {
  url: 'URL is required',
  events: 'Choose at least one event',
  description: `A description may be at most ${MAX_DESCRIPTION_CHARS} characters`,
} as const;

export const webhookSchema = z.object({
  url: z.string().check(z.trim(), z.minLength(1, WEBHOOK_MESSAGES.url)),
  events: z.array(z.string()).check(z.minLength(1, WEBHOOK_MESSAGES.events)),
  description: z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION_CHARS, WEBHOOK_MESSAGES.description)),
  // Only the edit form shows it: a new endpoint is always on.
  active: z.boolean(),
});

export type WebhookFormValues = z.infer<typeof webhookSchema>;

/** The fields the server names in `errors`, as the form names them. */
export const WEBHOOK_FIELDS = ['url', 'events', 'description', 'active'] as const satisfies (keyof WebhookFormValues)[];

export const EMPTY_WEBHOOK: WebhookFormValues = { url: '', events: [], description: '', active: true };

/** The form filled with `webhook` as it is set. */
export const webhookFormValues = (webhook: Webhook): WebhookFormValues => ({
  url: webhook.url,
  events: [...webhook.events],
  description: webhook.description,
  active: webhook.active,
});

/** The events ticked, in the order the shop lists them (any the console does not know
 * stay, after them). */
const inOrder = (events: string[]) => [...WEBHOOK_EVENTS.filter((event) => events.includes(event)), ...events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))];

/** POST /admin/webhook's body: exactly the URL, the events and the description. */
export const webhookRequest = (values: WebhookFormValues): WebhookRequest => ({
  url: values.url,
  events: inOrder(values.events),
  description: values.description,
});

/** PATCH /admin/webhook/{id}'s body: only what differs from `webhook` (empty: nothing to save). */
export function webhookPatch(webhook: Webhook, values: WebhookFormValues): WebhookChange {
  const patch: WebhookChange = {};
  const events = inOrder(values.events);
  if (values.url !== webhook.url) patch.url = values.url;
  if (events.join() !== inOrder(webhook.events).join()) patch.events = events;
  if (values.description !== webhook.description) patch.description = values.description;
  if (values.active !== webhook.active) patch.active = values.active;
  return patch;
}
