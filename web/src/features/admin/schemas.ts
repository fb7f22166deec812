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

/** The longest category or sub-category title (admin_categories.rs MAX_TITLE_CHARS). */
export const MAX_TITLE_CHARS = 60;

// Control characters (a tab or line break pasted in) make a title more than one line.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A category's or sub-category's title, new or renamed, with the server's messages. */
export const titleSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Title is required'),
      z.maxLength(MAX_TITLE_CHARS, `Title must be at most ${MAX_TITLE_CHARS} characters`),
      z.refine((title) => !CONTROL.test(title), 'Title must be one line of text'),
    ),
});
export type TitleValues = z.infer<typeof titleSchema>;
