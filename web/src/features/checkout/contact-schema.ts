// zod/mini: the same checks as zod in a fraction of the bundle.
import { z } from 'zod/mini';

/** An optional leading plus, a first digit 1-9, then up to 15 more digits (spec §5, §9). */
export const CHECKOUT_PHONE = /^\+?[1-9]\d{0,15}$/;
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
  phoneNumber: required('Phone number is required').check(z.regex(CHECKOUT_PHONE, 'Please enter a valid phone number')),
  emailAddress: required('Email is required').check(z.regex(EMAIL, 'Please enter a valid email address')),
  saveAddress: z.boolean(),
});

export type ContactForm = z.infer<typeof contactSchema>;

/** Pickup's contact (DESIGN.md §6): who collects the order, and how to reach them. The
 * name is the whole name, so its message does not ask for a first name. */
export const pickupContactSchema = z.object({
  firstName: required('Name is required'),
  phoneNumber: contactSchema.shape.phoneNumber,
  emailAddress: contactSchema.shape.emailAddress,
});

export type PickupContactForm = z.infer<typeof pickupContactSchema>;
