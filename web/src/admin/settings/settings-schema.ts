// The settings form (docs/DESIGN.md §15): the shop's currency and its pickup point, checked by
// the server's rules and messages (domain/shop.rs `check_pickup`), then turned into the
// request body. The server checks again and its `errors` land on the same fields.
import { z } from 'zod/mini';
import type { SettingsRequest, ShopSettings } from '@/api/types';
import examples from '@/lib/currency-examples.json';

/** The currencies the shop can show: the server's formatter's, each of which has a
 * shared example (`domain/currency.rs` checks that every one does). */
export const CURRENCIES: string[] = [...new Set(examples.flatMap((e) => (e.currency ? [e.currency] : [])))];

export const MAX_PICKUP_NAME = 120;
export const MAX_PICKUP_TEXT = 1000;

const text = (label: string, max: number, required: boolean) =>
  z.string().check(
    z.trim(),
    z.refine((value) => !required || value !== '', `${label} is required`),
    z.refine((value) => value.length <= max, `${label} must be at most ${max} characters`),
  );

/** With pickup on, name and address are required; off, the fields are not checked. */
export const settingsSchema = z
  .object({
    currency: z.string(),
    pickupOn: z.boolean(),
    pickupName: z.string(),
    pickupAddress: z.string(),
    pickupOpeningHours: text('Opening hours', MAX_PICKUP_TEXT, false),
    pickupInstructions: text('Instructions', MAX_PICKUP_TEXT, false),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (!values.pickupOn) return;
      for (const [field, label, max] of [
        ['pickupName', 'Name', MAX_PICKUP_NAME],
        ['pickupAddress', 'Address', MAX_PICKUP_TEXT],
      ] as const) {
        const value = values[field].trim();
        if (value === '') ctx.issues.push({ code: 'custom', input: value, path: [field], message: `${label} is required` });
        else if (value.length > max) ctx.issues.push({ code: 'custom', input: value, path: [field], message: `${label} must be at most ${max} characters` });
      }
    }),
  );

export type SettingsFormValues = z.infer<typeof settingsSchema>;

/** The server's `errors` keys, by the form's field names. */
export const SETTINGS_ERROR_FIELDS: Record<string, keyof SettingsFormValues> = {
  currency: 'currency',
  'pickup.name': 'pickupName',
  'pickup.address': 'pickupAddress',
  'pickup.openingHours': 'pickupOpeningHours',
  'pickup.instructions': 'pickupInstructions',
};

export function settingsFormValues(settings: ShopSettings): SettingsFormValues {
  return {
    currency: settings.currency ?? '',
    pickupOn: Boolean(settings.pickup),
    pickupName: settings.pickup?.name ?? '',
    pickupAddress: settings.pickup?.address ?? '',
    pickupOpeningHours: settings.pickup?.openingHours ?? '',
    pickupInstructions: settings.pickup?.instructions ?? '',
  };
}

export function settingsRequest(values: SettingsFormValues, version: number): SettingsRequest {
  return {
    currency: values.currency || null,
    pickup: values.pickupOn
      ? { name: values.pickupName, address: values.pickupAddress, openingHours: values.pickupOpeningHours, instructions: values.pickupInstructions }
      : null,
    version,
  };
}
