// The trade application's rules and messages, as the server checks them
// (server/src/domain/trade.rs check_application), with zod/mini to keep bundles small.
import { z } from 'zod/mini';
import { isCheckoutPhone, PHONE_INVALID, stripPhone } from '@/lib/phone';
import { POSTCODE_PATTERN, POSTCODE_RULE, POSTCODE_TOO_LONG } from '@/lib/postcode';
import { MAX_POSTCODE_CHARS } from '@/lib/rules';
import type { TradeApplication, TradeApplicationRequest, TradeKind } from './api/types';

/** The server's limits, in characters once trimmed. */
const MAX_COMPANY_CHARS = 120;
const MAX_TAX_NUMBER_CHARS = 40;
const MAX_ADDRESS_CHARS = 200;

/** The trades an applicant may name, as the select shows them. */
export const TRADES: { value: TradeKind; label: string }[] = [
  { value: 'plumber', label: 'Plumber' },
  { value: 'heating_engineer', label: 'Heating engineer' },
  { value: 'builder', label: 'Builder' },
  { value: 'electrician', label: 'Electrician' },
  { value: 'other', label: 'Other' },
];

const atMost = (max: number) => z.maxLength(max, `At most ${max} characters`);
const required = (message: string, max: number) => z.string().check(z.trim(), z.minLength(1, message), atMost(max));

export const tradeApplicationSchema = z.object({
  companyName: required('Company name is required', MAX_COMPANY_CHARS),
  taxNumber: z.string().check(z.trim(), atMost(MAX_TAX_NUMBER_CHARS)),
  /** Blank until one is chosen. */
  trade: z.string().check(z.refine((value) => TRADES.some((trade) => trade.value === value), 'Choose your trade')),
  // Checkout's rule (spec §5): separators are stripped first; the server keeps the stripped number.
  phoneNumber: z
    .string()
    .check(
      z.refine((value) => stripPhone(value) !== '', 'Phone number is required'),
      z.refine((value) => stripPhone(value) === '' || isCheckoutPhone(value), PHONE_INVALID),
    ),
  address: z.object({
    streetAddress: required('Street address is required', MAX_ADDRESS_CHARS),
    townCity: required('Town/City is required', MAX_ADDRESS_CHARS),
    // Checkout's rule (lib/postcode.ts), and required here.
    postcode: z
      .string()
      .check(z.trim(), z.minLength(1, 'Postcode is required'), z.maxLength(MAX_POSTCODE_CHARS, POSTCODE_TOO_LONG), z.regex(POSTCODE_PATTERN, POSTCODE_RULE)),
    /** An ISO 3166-1 code; blank for the shop's own country. */
    country: z.string(),
  }),
});

export type TradeApplicationForm = z.infer<typeof tradeApplicationSchema>;

/** Every field the form shows, named as the server's `errors` name them. */
export const TRADE_FIELDS = [
  'companyName',
  'taxNumber',
  'trade',
  'phoneNumber',
  'address.streetAddress',
  'address.townCity',
  'address.postcode',
  'address.country',
] as const;

export type TradeField = (typeof TRADE_FIELDS)[number];

export const isTradeField = (name: string): name is TradeField => (TRADE_FIELDS as readonly string[]).includes(name);

/** The form's starting values: blank, or a rejected application's to apply again with. */
export function applicationFormValues(from: TradeApplication | null): TradeApplicationForm {
  return {
    companyName: from?.companyName ?? '',
    taxNumber: from?.taxNumber ?? '',
    trade: from?.trade ?? '',
    phoneNumber: from?.phoneNumber ?? '',
    address: {
      streetAddress: from?.address.streetAddress ?? '',
      townCity: from?.address.townCity ?? '',
      postcode: from?.address.postcode ?? '',
      country: from?.address.country ?? '',
    },
  };
}

/** The request for a form that passed the schema (its `trade` is then one of TRADES). */
export const applicationRequest = (form: TradeApplicationForm): TradeApplicationRequest => ({ ...form, trade: form.trade as TradeKind });
