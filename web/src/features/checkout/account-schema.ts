// zod/mini: the same checks as zod in a fraction of the bundle.
import { z } from 'zod/mini';

/** A purchase-order number's most characters, once trimmed (server: domain/trade.rs). */
export const MAX_PO_CHARS = 40;

/** Pay on account's one field (docs/DESIGN.md §11): the buyer's purchase-order number. */
export const accountPaymentSchema = z.object({
  poNumber: z.string().check(z.trim(), z.minLength(1, 'Enter your purchase order number'), z.maxLength(MAX_PO_CHARS, `At most ${MAX_PO_CHARS} characters`)),
});

export type AccountPaymentForm = z.infer<typeof accountPaymentSchema>;
