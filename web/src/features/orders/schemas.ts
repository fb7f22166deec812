// zod/mini, as the other forms: the same checks in a fraction of the bundle.
import { z } from 'zod/mini';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Track your order': the order number and the e-mail address it was placed with. */
export const trackOrderSchema = z.object({
  number: z.string().check(z.trim(), z.minLength(1, 'Order number is required')),
  emailAddress: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(EMAIL, 'Please enter a valid email address')),
});

export type TrackOrderForm = z.infer<typeof trackOrderSchema>;
