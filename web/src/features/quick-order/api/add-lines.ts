import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { QuickOrderLine } from '../parse';
import { useRefreshCart } from './refresh-cart';
import type { BulkAnswer } from './types';

/** Puts `lines` in the signed-in shopper's cart, each answered on its own (docs/DESIGN.md
 * §11). The same `key` with the same lines answers the first answer again and adds
 * nothing, so a request sent twice adds once. 400 `errors.lines` 'At most 200 lines' or
 * 'Send at least one line', nothing added. */
export const addLines = (lines: QuickOrderLine[], key: string) =>
  apiCall<BulkAnswer>('POST', '/user/item/bulk', { lines }, { headers: { 'Idempotency-Key': key }, fallbackMessage: 'Failed to add the lines to your cart' }).then(
    ({ data }) => data.lines,
  );

export function useAddLines() {
  const refreshCart = useRefreshCart();
  return useMutation({
    mutationFn: ({ lines, key }: { lines: QuickOrderLine[]; key: string }) => addLines(lines, key),
    onSuccess: () => void refreshCart(),
  });
}
