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

/** The internal note on an order (POST /admin/order/{number}/note), with the server's messages. */
export const orderNoteSchema = z.object({
  note: z.string().check(z.trim(), z.minLength(1, 'Note is required'), z.maxLength(MAX_NOTE_CHARS, `A note may be at most ${MAX_NOTE_CHARS} characters`)),
});
export type OrderNoteValues = z.infer<typeof orderNoteSchema>;
