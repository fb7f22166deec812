// zod/mini: the same checks as zod in a fraction of the bundle.
import { z } from 'zod/mini';
import { isCheckoutPhone, PHONE_INVALID, stripPhone } from '@/lib/phone';
import { POSTCODE_PATTERN, POSTCODE_RULE, POSTCODE_TOO_LONG } from '@/lib/postcode';
import { MAX_POSTCODE_CHARS } from '@/lib/rules';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optional = () => z.string().check(z.trim());
const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** The checkout's Contact Information (spec §3, §5). */
export const contactSchema = z.object({
  firstName: required('First name is required'),
  companyName: optional(),
  streetAddress: required('Street address is required'),
  apartment: optional(),
  townCity: required('Town/City is required'),
  // Optional: without one only the methods that deliver everywhere apply (docs/DESIGN.md §10).
  postcode: optional().check(z.maxLength(MAX_POSTCODE_CHARS, POSTCODE_TOO_LONG), z.regex(POSTCODE_PATTERN, POSTCODE_RULE)),
  /** Empty for the shop's own country. */
  country: z.string(),
  // Separators are stripped first (docs/DESIGN.md §15); the server keeps the stripped number.
  phoneNumber: z
    .string()
    .check(
      z.refine((value) => stripPhone(value) !== '', 'Phone number is required'),
      z.refine((value) => stripPhone(value) === '' || isCheckoutPhone(value), PHONE_INVALID),
    ),
  emailAddress: required('Email is required').check(z.regex(EMAIL, 'Please enter a valid email address')),
  saveAddress: z.boolean(),
});

export type ContactForm = z.infer<typeof contactSchema>;

/** Pickup's contact (docs/DESIGN.md §6): who collects the order, and how to reach them. The
 * name is the whole name, so its message does not ask for a first name. */
export const pickupContactSchema = z.object({
  firstName: required('Name is required'),
  phoneNumber: contactSchema.shape.phoneNumber,
  emailAddress: contactSchema.shape.emailAddress,
});

export type PickupContactForm = z.infer<typeof pickupContactSchema>;
