// The promo code form: every field as typed (inputs give text), checked by the server's
// own rules and messages (http/admin/promo.rs `check`), then turned into the request
// body. The server checks again and its `errors` land on the same fields.
import { z } from 'zod/mini';
import type { PromoCode, PromoRequest } from '@/api/types';

const MAX_CODE_CHARS = 32;
const MAX_AMOUNT = 1_000_000;

export type PromoKind = 'percent' | 'fixed';

/** The messages the server gives for each rule. */
export const PROMO_MESSAGES = {
  code: `Use 3 to ${MAX_CODE_CHARS} letters, digits, - or _`,
  kind: 'Choose percent or fixed',
  percent: 'A percentage from 0.01 to 100',
  fixed: `An amount from 0.01 to ${MAX_AMOUNT}, two decimals at most`,
  day: 'A date like 2026-12-31',
  endsBeforeStart: 'The last day cannot be before the first',
  limit: 'At least 1, or empty for no limit',
  minSubtotal: `An amount from 0 to ${MAX_AMOUNT}, two decimals at most`,
} as const;

const CODE = new RegExp(`^[A-Za-z0-9_-]{3,${MAX_CODE_CHARS}}$`);
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const decimalIn = (min: number, max: number) => (text: string) => TWO_DECIMALS.test(text) && Number(text) >= min && Number(text) <= max;

/** A real calendar day, `YYYY-MM-DD` (2026-02-30 is not one). */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

const optionalDay = () => z.string().check(z.trim(), z.refine((text) => text === '' || isDay(text), PROMO_MESSAGES.day));
const optionalLimit = () => z.string().check(z.trim(), z.refine((text) => text === '' || (WHOLE.test(text) && Number(text) >= 1 && Number(text) <= 1_000_000_000), PROMO_MESSAGES.limit));

export const promoSchema = z
  .object({
    code: z.string().check(z.trim(), z.regex(CODE, PROMO_MESSAGES.code)),
    kind: z.enum(['percent', 'fixed'], PROMO_MESSAGES.kind),
    amount: z.string().check(z.trim()),
    startsOn: optionalDay(),
    endsOn: optionalDay(),
    usageLimit: optionalLimit(),
    perCustomerLimit: optionalLimit(),
    // Empty reads as no minimum.
    minSubtotal: z.string().check(z.trim(), z.refine((text) => text === '' || decimalIn(0, MAX_AMOUNT)(text), PROMO_MESSAGES.minSubtotal)),
    active: z.boolean(),
  })
  .check(
    // What the amount may be depends on the kind, so it is checked on the whole form.
    z.refine((values) => values.kind !== 'percent' || decimalIn(0.01, 100)(values.amount), { message: PROMO_MESSAGES.percent, path: ['amount'] }),
    z.refine((values) => values.kind !== 'fixed' || decimalIn(0.01, MAX_AMOUNT)(values.amount), { message: PROMO_MESSAGES.fixed, path: ['amount'] }),
    z.refine((values) => !isDay(values.startsOn) || !isDay(values.endsOn) || values.endsOn >= values.startsOn, { message: PROMO_MESSAGES.endsBeforeStart, path: ['endsOn'] }),
  );

export type PromoFormValues = z.infer<typeof promoSchema>;

/** The form's fields, as the server names them in `errors`. */
export const PROMO_FIELDS = ['code', 'kind', 'amount', 'startsOn', 'endsOn', 'usageLimit', 'perCustomerLimit', 'minSubtotal', 'active'] as const satisfies (keyof PromoFormValues)[];

export const EMPTY_PROMO: PromoFormValues = {
  code: '',
  kind: 'percent',
  amount: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  perCustomerLimit: '',
  minSubtotal: '0',
  active: true,
};

/** The form filled with `promo` as it is set. */
export const promoFormValues = (promo: PromoCode): PromoFormValues => ({
  code: promo.code,
  kind: promo.kind === 'fixed' ? 'fixed' : 'percent',
  amount: String(promo.amount),
  startsOn: promo.startsOn ?? '',
  endsOn: promo.endsOn ?? '',
  usageLimit: promo.usageLimit == null ? '' : String(promo.usageLimit),
  perCustomerLimit: promo.perCustomerLimit == null ? '' : String(promo.perCustomerLimit),
  minSubtotal: String(promo.minSubtotal),
  active: promo.active,
});

/** The checked form as the server takes it: numbers as numbers, empty as null. */
export const promoRequest = (values: PromoFormValues): PromoRequest => ({
  code: values.code,
  kind: values.kind,
  amount: Number(values.amount),
  startsOn: values.startsOn || null,
  endsOn: values.endsOn || null,
  usageLimit: values.usageLimit === '' ? null : Number(values.usageLimit),
  perCustomerLimit: values.perCustomerLimit === '' ? null : Number(values.perCustomerLimit),
  minSubtotal: values.minSubtotal === '' ? 0 : Number(values.minSubtotal),
  active: values.active,
});

