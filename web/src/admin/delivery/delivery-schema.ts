// The delivery method form: every field as typed (inputs give text), checked by the
// server's own rules and messages (domain/delivery.rs `check_method`), then turned into
// the request body. Staff think of parcels in kilograms, the server in grams: the form
// shows kilograms (three decimals reach the gram) and the request carries grams. The
// server checks again and its `errors` land on the same fields.
import { z } from 'zod/mini';
import type { DeliveryMethod, DeliveryMethodRequest } from '@/api/types';
import { MAX_BANDS, MAX_METHOD_DESCRIPTION_CHARS, MAX_METHOD_POSITION, MAX_METHOD_NAME_CHARS, MAX_PREFIX_CHARS, MAX_PRICE, MAX_WEIGHT_GRAMS } from '@/lib/rules';

const GRAMS_PER_KG = 1000;

/** The messages the server gives for each rule. */
export const METHOD_MESSAGES = {
  nameRequired: 'Name is required',
  name: `At most ${MAX_METHOD_NAME_CHARS} characters`,
  description: `At most ${MAX_METHOD_DESCRIPTION_CHARS} characters`,
  prefix: `A prefix is 1 to ${MAX_PREFIX_CHARS} letters or digits`,
  bands: `Give 1 to ${MAX_BANDS} weight bands`,
  anyWeightLast: 'Only the last band may take any weight',
  weight: `A weight from 0.001 to ${MAX_WEIGHT_GRAMS / GRAMS_PER_KG} kg, three decimals at most`,
  heavier: 'Each band must be heavier than the one before',
  amount: `An amount from 0 to ${MAX_PRICE}, two decimals at most`,
  position: `A position from 0 to ${MAX_METHOD_POSITION}`,
} as const;

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const THREE_DECIMALS = /^\d+(\.\d{1,3})?$/;
const WHOLE = /^\d+$/;
const PREFIX = new RegExp(`^[A-Za-z0-9]{1,${MAX_PREFIX_CHARS}}$`);

/** An amount a price may be: 0 to the largest price, two decimals at most. */
export const isAmount = (text: string) => TWO_DECIMALS.test(text) && Number(text) <= MAX_PRICE;

/** `text` in kilograms as whole grams, or null when it is not a weight in kilograms
 * with at most three decimals. */
export function kgToGrams(text: string): number | null {
  return THREE_DECIMALS.test(text) ? Math.round(Number(text) * GRAMS_PER_KG) : null;
}

/** Grams as the kilograms the form shows: 30000 → '30', 1500 → '1.5'. */
export const gramsToKg = (grams: number) => String(grams / GRAMS_PER_KG);

/** The prefixes typed in one field, separated by commas or spaces. */
export const splitPrefixes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

const band = z.object({
  upToKg: z.string().check(z.trim()),
  price: z.string().check(z.trim(), z.refine(isAmount, METHOD_MESSAGES.amount)),
});

/** Each band's weight against its place: only the last may be blank (any weight), and
 * each must be heavier than the one before. Checked on the whole list, as the server does. */
function checkWeights(bands: { upToKg: string }[], issues: { push: (issue: { code: 'custom'; input: unknown; path: (string | number)[]; message: string }) => void }) {
  let lightest = 0;
  bands.forEach(({ upToKg }, index) => {
    const path = ['rates', index, 'upToKg'];
    const fail = (message: string) => issues.push({ code: 'custom', input: upToKg, path, message });
    if (upToKg === '') {
      if (index < bands.length - 1) fail(METHOD_MESSAGES.anyWeightLast);
      return;
    }
    const grams = kgToGrams(upToKg);
    if (grams === null || grams < 1 || grams > MAX_WEIGHT_GRAMS) return fail(METHOD_MESSAGES.weight);
    if (grams <= lightest) return fail(METHOD_MESSAGES.heavier);
    lightest = grams;
  });
}

export const methodSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, METHOD_MESSAGES.nameRequired), z.maxLength(MAX_METHOD_NAME_CHARS, METHOD_MESSAGES.name)),
    description: z.string().check(z.trim(), z.maxLength(MAX_METHOD_DESCRIPTION_CHARS, METHOD_MESSAGES.description)),
    prefixes: z.string().check(z.refine((text) => splitPrefixes(text).every((prefix) => PREFIX.test(prefix)), METHOD_MESSAGES.prefix)),
    rates: z.array(band).check(z.minLength(1, METHOD_MESSAGES.bands), z.maxLength(MAX_BANDS, METHOD_MESSAGES.bands)),
    // Empty reads as never free.
    freeOver: z.string().check(z.trim(), z.refine((text) => text === '' || isAmount(text), METHOD_MESSAGES.amount)),
    position: z.string().check(z.trim(), z.refine((text) => WHOLE.test(text) && Number(text) <= MAX_METHOD_POSITION, METHOD_MESSAGES.position)),
    active: z.boolean(),
    isDefault: z.boolean(),
  })
  .check(z.superRefine((values, ctx) => checkWeights(values.rates, ctx.issues)));

export type MethodFormValues = z.infer<typeof methodSchema>;

/** A new method: everywhere, one band for any weight, offered at checkout. */
export const EMPTY_METHOD: MethodFormValues = {
  name: '',
  description: '',
  prefixes: '',
  rates: [{ upToKg: '', price: '' }],
  freeOver: '',
  position: '0',
  active: true,
  isDefault: false,
};

/** The form filled with `method` as it is set. */
export const methodFormValues = (method: DeliveryMethod): MethodFormValues => ({
  name: method.name,
  description: method.description,
  prefixes: method.postcodePrefixes.join(', '),
  rates: method.rates.map((rate) => ({ upToKg: rate.upToGrams == null ? '' : gramsToKg(rate.upToGrams), price: String(rate.price) })),
  freeOver: method.freeOver == null ? '' : String(method.freeOver),
  position: String(method.position),
  active: method.active,
  isDefault: method.isDefault,
});

/** The checked form as the server takes it: weights in grams, a blank weight as null
 * (any weight), the prefixes as a list, numbers as numbers, empty as null. */
export const methodRequest = (values: MethodFormValues): DeliveryMethodRequest => ({
  name: values.name,
  description: values.description,
  postcodePrefixes: splitPrefixes(values.prefixes),
  rates: values.rates.map((rate) => ({ upToGrams: rate.upToKg === '' ? null : kgToGrams(rate.upToKg), price: Number(rate.price) })),
  freeOver: values.freeOver === '' ? null : Number(values.freeOver),
  position: Number(values.position),
  active: values.active,
  isDefault: values.isDefault,
});

/** The form's fields the server's `errors` keys name directly. */
const SAME_NAME = ['name', 'description', 'freeOver', 'position', 'isDefault'] as const;

/** The form's field an `errors` key of the server's names: `rates[1].upToGrams` is that
 * band's weight, `postcodePrefixes` and `postcodePrefixes[0]` the prefixes field; a band
 * the form does not have falls back to the bands as a whole. */
export function methodErrorField(key: string, bandCount: number): string | undefined {
  if ((SAME_NAME as readonly string[]).includes(key)) return key;
  if (key === 'postcodePrefixes' || key.startsWith('postcodePrefixes[')) return 'prefixes';
  if (key === 'rates') return 'rates';
  const match = /^rates\[(\d+)\]\.(upToGrams|price)$/.exec(key);
  if (!match) return undefined;
  const index = Number(match[1]);
  if (index >= bandCount) return 'rates';
  return `rates.${index}.${match[2] === 'upToGrams' ? 'upToKg' : 'price'}`;
}
