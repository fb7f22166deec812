// The console's webhooks in the query cache. Kept here rather than in api/query-keys.ts:
// no page of the shop shows what these keys hold.

/** Everything the webhooks pages cache. */
export const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;
/** The list of every endpoint (a shop has at most 20: one call answers them all). */
export const WEBHOOK_LIST_KEY = [...WEBHOOKS_KEY, 'list'] as const;
/** One endpoint as its page shows it. */
export const webhookKey = (id: string) => [...WEBHOOKS_KEY, 'one', id] as const;
/** Every page of one endpoint's deliveries: a resend marks them all stale. */
export const webhookDeliveriesKey = (id: string) => [...WEBHOOKS_KEY, 'deliveries', id] as const;
export const webhookDeliveriesPageKey = (id: string, page: number) => [...webhookDeliveriesKey(id), page] as const;
