// The console's forms' rules. The login form: both fields required, the e-mail well
// formed; the password's strength is the server's business (`shop admin create` enforces it).
import { z } from 'zod/mini';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, required and well formed (the login's, an invitation's). */
export const emailAddressField = () => z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(EMAIL, 'Please enter a valid email address.'));

export const adminLoginSchema = z.object({
  emailAddress: emailAddressField(),
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type AdminLoginValues = z.infer<typeof adminLoginSchema>;

/** The longest note the server takes with a status change (http/orders/admin.rs MAX_NOTE_CHARS). */
export const MAX_NOTE_CHARS = 500;

/** The internal note on an order (POST /admin/order/{number}/note), with the server's messages. */
export const orderNoteSchema = z.object({
  note: z.string().check(z.trim(), z.minLength(1, 'Note is required'), z.maxLength(MAX_NOTE_CHARS, `A note may be at most ${MAX_NOTE_CHARS} characters`)),
});
export type OrderNoteValues = z.infer<typeof orderNoteSchema>;

/** The longest reason for a refund (server: domain/refund.rs `check_reason`). */
export const MAX_REFUND_REASON_CHARS = 500;

/** An amount of money as typed: digits, and at most two decimals. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** The amount typed, when it is one a refund takes (more than 0, two decimals at most). */
export function typedAmount(text: string): number | null {
  const trimmed = text.trim();
  return AMOUNT.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

/** A refund's amount as typed, with the server's messages (the order's and a return's). */
export const refundAmount = z
  .string()
  .check(z.trim(), z.minLength(1, 'Amount is required'), z.refine((text) => typedAmount(text) !== null, 'Amount must be more than 0 with at most two decimals'));

/** A refund (POST /admin/order/{number}/refund), with the server's messages. The amount
 * is kept as typed; whether that much is left is the server's to say (422). */
export const refundSchema = z.object({
  amount: refundAmount,
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'A reason is required'), z.maxLength(MAX_REFUND_REASON_CHARS, `A reason may be at most ${MAX_REFUND_REASON_CHARS} characters`)),
});
export type RefundValues = z.infer<typeof refundSchema>;

/** The longest category or sub-category title (http/content/categories.rs MAX_TITLE_CHARS). */
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

/** The longest banner link and the largest banner image the server takes (http/content/banners.rs). */
export const MAX_LINK_CHARS = 500;
export const MAX_BANNER_BYTES = 10 * 1024 * 1024;

/** The server's rules for where a banner may link, in its words: a path in the shop, or
 * an https address (never `//elsewhere`, `http:` or `javascript:`). */
export const BANNER_LINK_MESSAGES = {
  required: 'Link is required',
  long: `The link must be at most ${MAX_LINK_CHARS} characters`,
  spaces: 'The link must not contain spaces or backslashes',
  where: 'The link must be a path in the shop (like /shop?category=…) or an https:// address',
} as const;

const HTTPS_HOST = /^https:\/\/[A-Za-z0-9.:-]+([/?#]|$)/;

const bannerLink = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, BANNER_LINK_MESSAGES.required),
      z.maxLength(MAX_LINK_CHARS, BANNER_LINK_MESSAGES.long),
      z.refine((url) => !/[\s\\]/.test(url) && !CONTROL.test(url), BANNER_LINK_MESSAGES.spaces),
      z.refine((url) => (url.startsWith('/') && !url.startsWith('//')) || HTTPS_HOST.test(url), BANNER_LINK_MESSAGES.where),
    );

/** A banner's link, changed on its own (PUT /admin/banner/{id}). */
export const bannerLinkSchema = z.object({ url: bannerLink() });
export type BannerLinkValues = z.infer<typeof bannerLinkSchema>;

/** A new banner: one image file of at most 10 MB, and its link. The server checks the
 * file's bytes (JPEG, PNG, GIF or WebP) and says so when it refuses one. */
export const newBannerSchema = z.object({
  image: z.custom<FileList | File[] | undefined>().check(
    z.refine((files) => (files?.length ?? 0) > 0, 'Choose an image'),
    z.refine((files) => !files?.[0] || files[0].size <= MAX_BANNER_BYTES, 'The image must be at most 10 MB'),
  ),
  url: bannerLink(),
});
export type NewBannerValues = z.infer<typeof newBannerSchema>;

/** The longest reason for hiding a review (http/reviews/moderation.rs MAX_REASON_CHARS). */
export const MAX_REASON_CHARS = 200;

/** Why a review is hidden (POST /admin/review/{id}/hide), with the server's messages. */
export const hideReviewSchema = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'A reason is required'), z.maxLength(MAX_REASON_CHARS, `The reason must be at most ${MAX_REASON_CHARS} characters`)),
});
export type HideReviewValues = z.infer<typeof hideReviewSchema>;
