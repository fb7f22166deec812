// The console's return forms, checked before they are sent, in the server's words where it
// has them (the returns API): a rejection's reason, what came back, and a refund.
import { z } from 'zod/mini';
import { refundAmount } from '@/admin/shared/schemas';
import type { Return } from './types';

/** The longest reason for rejecting a return. */
export const MAX_REJECT_REASON_CHARS = 500;

export const rejectSchema = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'A reason is required'), z.maxLength(MAX_REJECT_REASON_CHARS, `A reason may be at most ${MAX_REJECT_REASON_CHARS} characters`)),
});
export type RejectValues = z.infer<typeof rejectSchema>;

/** A return's refund. Whether that much may be refunded is the server's to say (422). */
export const returnRefundSchema = z.object({
  amount: refundAmount,
  includeDelivery: z.boolean(),
});
export type ReturnRefundValues = z.infer<typeof returnRefundSchema>;

/** What came back of one line, and what of that goes back on sale, as typed. */
export interface ReceivedLine {
  received: string;
  restocked: string;
}

/** The error keys of a line's two inputs: the server's own (`lines.<variantId>.received`). */
export const receivedKey = (variantId: string) => `lines.${variantId}.received`;
export const restockedKey = (variantId: string) => `lines.${variantId}.restocked`;

const WHOLE = /^\d+$/;

/** Each line's problems, keyed as the server keys them: what came back is a whole number
 * from 0 to the quantity returned, what goes back on sale one from 0 to what came back. */
export function checkReceived(lines: Return['lines'], values: Record<string, ReceivedLine>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { variantId, quantity } of lines) {
    const { received, restocked } = values[variantId] ?? { received: '', restocked: '' };
    const came = received.trim();
    if (!WHOLE.test(came)) errors[receivedKey(variantId)] = `Enter a whole number from 0 to ${quantity}`;
    else if (Number(came) > quantity) errors[receivedKey(variantId)] = `At most ${quantity} came back`;
    const back = restocked.trim();
    if (!WHOLE.test(back)) errors[restockedKey(variantId)] = 'Enter a whole number from 0 to what came back';
    else if (WHOLE.test(came) && Number(back) > Number(came)) errors[restockedKey(variantId)] = 'At most what came back goes back on sale';
  }
  return errors;
}
