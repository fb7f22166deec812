// The settings form (docs/DESIGN.md §10, §15): the shop's currency, its pickup point, who it
// is on invoices, how it taxes and its return window, checked by the server's rules and
// messages (domain/shop.rs, domain/tax.rs, domain/country.rs), then turned into the request
// body. The server checks again (a country code against the assigned ones) and its `errors`
// land on the same fields.
import { z } from 'zod/mini';
import type { SettingsRequest, ShopSettings } from '@/api/types';
import examples from '@/lib/currency-examples.json';

/** The currencies the shop can show: the server's formatter's, each of which has a
 * shared example (`domain/currency.rs` checks that every one does). */
export const CURRENCIES: string[] = [...new Set(examples.flatMap((e) => (e.currency ? [e.currency] : [])))];

export const MAX_PICKUP_NAME = 120;
export const MAX_PICKUP_TEXT = 1000;
export const MAX_SHOP_NAME = 120;
export const MAX_ADDRESS_LINE = 200;
export const MAX_TAX_LABEL = 20;
export const MAX_COUNTRY_RATES = 60;
export const RATE_RULE = 'A rate is a percentage from 0 to 100 with at most two decimals';
export const COUNTRY_RULE = 'Use a two-letter country code such as GB';
export const RETURN_WINDOW_RULE = 'The return window is 0 to 365 days';
export const TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;

const text = (label: string, max: number, required: boolean) =>
  z.string().check(
    z.trim(),
    z.refine((value) => !required || value !== '', `${label} is required`),
    z.refine((value) => value.length <= max, `${label} must be at most ${max} characters`),
  );

const rate = z.string().check(
  z.trim(),
  z.refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, RATE_RULE),
);
const country = z.string().check(
  z.trim(),
  z.refine((value) => /^[A-Za-z]{2}$/.test(value), COUNTRY_RULE),
);

const countryRate = z.object({ code: country, standard: rate, reduced: rate, zero: rate });

/** With pickup on, name and address are required; off, the fields are not checked. */
export const settingsSchema = z
  .object({
    name: text('Shop name', MAX_SHOP_NAME, true),
    streetAddress: text('Street address', MAX_ADDRESS_LINE, false),
    townCity: text('Town / City', MAX_ADDRESS_LINE, false),
    postcode: text('Postcode', MAX_ADDRESS_LINE, false),
    addressCountry: country,
    taxNumber: text('Tax number', MAX_ADDRESS_LINE, false),
    country,
    taxLabel: text('Tax label', MAX_TAX_LABEL, true),
    pricesIncludeTax: z.boolean(),
    standard: rate,
    reduced: rate,
    zero: rate,
    countryRates: z.array(countryRate).check(z.maxLength(MAX_COUNTRY_RATES, `At most ${MAX_COUNTRY_RATES} countries have rates of their own`)),
    returnWindowDays: z.string().check(
      z.trim(),
      z.refine((value) => /^\d{1,3}$/.test(value) && Number(value) <= 365, RETURN_WINDOW_RULE),
    ),
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
  name: 'name',
  'address.streetAddress': 'streetAddress',
  'address.townCity': 'townCity',
  'address.postcode': 'postcode',
  'address.country': 'addressCountry',
  taxNumber: 'taxNumber',
  country: 'country',
  taxLabel: 'taxLabel',
  'rates.standard': 'standard',
  'rates.reduced': 'reduced',
  'rates.zero': 'zero',
  countryRates: 'countryRates',
  returnWindowDays: 'returnWindowDays',
  currency: 'currency',
  'pickup.name': 'pickupName',
  'pickup.address': 'pickupAddress',
  'pickup.openingHours': 'pickupOpeningHours',
  'pickup.instructions': 'pickupInstructions',
};

/** The form's field an `errors` key of the server's names: a fixed field, or a row of
 * other countries' rates by its code (`countryRates.DE`, `countryRates.DE.standard`). */
export function settingsErrorField(key: string, values: SettingsFormValues): string | undefined {
  const fixed = SETTINGS_ERROR_FIELDS[key];
  if (fixed) return fixed;
  const [head, code, taxClass] = key.split('.');
  if (head !== 'countryRates' || !code) return undefined;
  const row = values.countryRates.findIndex((r) => r.code.trim().toUpperCase() === code.toUpperCase());
  if (row < 0) return 'countryRates';
  return `countryRates.${row}.${taxClass ?? 'code'}`;
}

export function settingsFormValues(settings: ShopSettings): SettingsFormValues {
  const rates = (r: ShopSettings['rates']) => ({ standard: String(r.standard), reduced: String(r.reduced), zero: String(r.zero) });
  return {
    name: settings.name,
    streetAddress: settings.address.streetAddress,
    townCity: settings.address.townCity,
    postcode: settings.address.postcode,
    addressCountry: settings.address.country,
    taxNumber: settings.taxNumber,
    country: settings.country,
    taxLabel: settings.taxLabel,
    pricesIncludeTax: settings.pricesIncludeTax,
    ...rates(settings.rates),
    countryRates: Object.entries(settings.countryRates).map(([code, r]) => ({ code, ...rates(r) })),
    returnWindowDays: String(settings.returnWindowDays),
    currency: settings.currency ?? '',
    pickupOn: Boolean(settings.pickup),
    pickupName: settings.pickup?.name ?? '',
    pickupAddress: settings.pickup?.address ?? '',
    pickupOpeningHours: settings.pickup?.openingHours ?? '',
    pickupInstructions: settings.pickup?.instructions ?? '',
  };
}

export function settingsRequest(values: SettingsFormValues, version: number): SettingsRequest {
  const rates = (r: { standard: string; reduced: string; zero: string }) => ({ standard: Number(r.standard), reduced: Number(r.reduced), zero: Number(r.zero) });
  return {
    name: values.name,
    address: { streetAddress: values.streetAddress, townCity: values.townCity, postcode: values.postcode, country: values.addressCountry },
    taxNumber: values.taxNumber,
    country: values.country,
    taxLabel: values.taxLabel,
    pricesIncludeTax: values.pricesIncludeTax,
    rates: rates(values),
    countryRates: Object.fromEntries(values.countryRates.map((r) => [r.code.trim().toUpperCase(), rates(r)])),
    returnWindowDays: Number(values.returnWindowDays),
    currency: values.currency || null,
    pickup: values.pickupOn
      ? { name: values.pickupName, address: values.pickupAddress, openingHours: values.pickupOpeningHours, instructions: values.pickupInstructions }
      : null,
    version,
  };
}
