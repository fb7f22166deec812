// How the console words the activity log: the kinds of object, the actions, and each
// changed field's values, which the server sends as any JSON.
import { roleLabel } from '@/admin/shared/permissions';
import type { ActivityEntry } from '@/api/types';
import { truncate } from '@/lib/format';

/** The kinds of object the log names (server: http/admin/activity.rs OBJECT_TYPES). */
export const OBJECT_TYPE_LABELS = {
  product: 'Product',
  category: 'Category',
  sub_category: 'Sub-category',
  banner: 'Banner',
  order: 'Order',
  customer: 'Customer',
  review: 'Review',
  promo_code: 'Promo code',
  delivery_method: 'Delivery method',
  settings: 'Settings',
  page: 'Page',
  search_synonyms: 'Search synonyms',
  trade_application: 'Trade application',
  customer_group: 'Customer group',
  return: 'Return',
  staff: 'Staff member',
  webhook: 'Webhook',
} as const;

export type ObjectType = keyof typeof OBJECT_TYPE_LABELS;

export const OBJECT_TYPES = Object.keys(OBJECT_TYPE_LABELS) as ObjectType[];

export const isObjectType = (value: string | null): value is ObjectType => value !== null && value in OBJECT_TYPE_LABELS;

const ACTION_LABELS: Record<string, string> = {
  status_changed: 'Status changed',
  marked_paid: 'Marked paid',
  note_added: 'Note added',
  refunded: 'Refunded',
  stock: 'Stock changed',
  disabled: 'Disabled',
  enabled: 'Enabled',
  created: 'Created',
  updated: 'Updated',
  archived: 'Archived',
  photos: 'Photos changed',
  approved: 'Approved',
  rejected: 'Rejected',
  prices_set: 'Group prices set',
  prices_imported: 'Price list imported',
  received: 'Received',
  invited: 'Invited',
  invitation_revoked: 'Invitation withdrawn',
  secret_rotated: 'Secret rotated',
};

/** 'Status changed'; an action newer than this list reads as its name in words. */
export function actionLabel(action: string): string {
  const words = ACTION_LABELS[action] ?? action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the log calls an object: 'Order #100001', 'Product Alpha Kitchen Mixer' (its name
 * when the change was made), 'Customer 64f…' (an older entry whose object has gone). */
export function objectLabel(objectType: string, objectId: string, objectName?: string | null): string {
  return `${typeLabel(objectType)} ${objectTitle(objectType, objectId, objectName)}`;
}

/** The kind of object in words: 'Promo code'; a kind newer than this list as its name. */
export const typeLabel = (objectType: string) => (isObjectType(objectType) ? OBJECT_TYPE_LABELS[objectType] : objectType);

/** The object itself: its name as the change left it, or its id when the log has none;
 * an order by its number ('#100001'). */
export function objectTitle(objectType: string, objectId: string, objectName?: string | null): string {
  if (objectType === 'order') return `#${objectName || objectId}`;
  return objectName || objectId;
}

/** Longer values are cut, the whole one kept for the cell's title. */
export const VALUE_LIMIT = 80;

/** One side of a change in words: 'none' for no value, 'empty' for an empty text,
 * yes / no, a list joined by commas, anything else as JSON. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? 'empty' : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  return JSON.stringify(value);
}

/** 'status: placed → ready_for_pickup', each side cut at VALUE_LIMIT characters. */
export const changeLine = (field: string, before: unknown, after: unknown) =>
  `${field}: ${truncate(changeValue(before), VALUE_LIMIT)} → ${truncate(changeValue(after), VALUE_LIMIT)}`;

/** Who made a change: their address then, and their role then (none for an entry made
 * before staff had roles). */
export type Actor = ActivityEntry['actor'];

/** 'ada@example.com (Owner)': who made the change, with their role when the entry has one. */
export function actorLabel({ actor, adminEmail }: Pick<ActivityEntry, 'actor' | 'adminEmail'>): string {
  const emailAddress = actor?.emailAddress ?? adminEmail;
  return actor?.role ? `${emailAddress} (${roleLabel(actor.role)})` : emailAddress;
}
