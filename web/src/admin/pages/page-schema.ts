// A page's form (the shop's own pages, docs/DESIGN.md §15): the server's rules and messages
// (domain/page.rs), checked here first; the server checks again and its `errors` land
// on the same fields.
import { z } from 'zod/mini';

export const MAX_TITLE_CHARS = 120;
export const MAX_BODY_CHARS = 50_000;

export const PAGE_MESSAGES = {
  title: 'Title must be 1 to 120 characters',
  body: 'Body must be at most 50,000 characters',
} as const;

/** Characters as the server counts them (code points, not UTF-16 units). */
const chars = (text: string) => [...text].length;

export const pageSchema = z.object({
  title: z.string().check(z.refine((text) => chars(text.trim()) >= 1 && chars(text.trim()) <= MAX_TITLE_CHARS, PAGE_MESSAGES.title)),
  body: z.string().check(z.refine((text) => chars(text) <= MAX_BODY_CHARS, PAGE_MESSAGES.body)),
});

export type PageFormValues = z.infer<typeof pageSchema>;

/** The form's fields, as the server names them in `errors`. */
export const PAGE_FIELDS = ['title', 'body'] as const satisfies (keyof PageFormValues)[];
