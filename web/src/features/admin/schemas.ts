// The console's login form: both fields required, the e-mail well formed. The password's
// strength is the server's business (`shop admin create` enforces it).
import { z } from 'zod/mini';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const adminLoginSchema = z.object({
  emailAddress: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(EMAIL, 'Please enter a valid email address.')),
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type AdminLoginValues = z.infer<typeof adminLoginSchema>;

/** The longest note the server takes with a status change (admin_orders.rs MAX_NOTE_CHARS). */
export const MAX_NOTE_CHARS = 500;
