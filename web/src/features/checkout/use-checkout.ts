import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Item } from '@/api/types';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/features/auth';
import { useEmptyCartAfterOrder } from '@/features/cart';
import { invalidateProductQueries } from '@/features/catalog';
import { type ContactInput, type Fulfilment, type PlaceOrderRequest, QUOTE_KEY, usePlaceOrder, useQuote } from '@/features/orders';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { SAVED_ADDRESS_KEY } from './api/get-saved-address';
import { AttemptKeys } from './attempt-key';

/** What checkout needs of the cart; the cart's useCart() fits as it is. */
export interface CheckoutCart {
  lines: Item[];
  isLoading: boolean;
  error: Error | null;
  retry: () => void;
}

/** The server's messages for the contact fields it refused, by field name. */
export type FieldMessages = Record<string, string>;

/** An empty cart's figures: no quote is asked for (the server would refuse it). */
const NO_TOTALS = { subtotal: 0, discount: 0, deliveryFee: 0, total: 0 };

/** Whether the server gave its final word on an attempt: a refusal (4xx) other than 409
 * 'This order is still being placed', which the same key may ask about again. A network
 * error or a 5xx left it open. */
const answered = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && !(error.status === 409 && !error.errors);

/** Checkout's state: the mode, the server's figures for the cart, the lines that cannot
 * be met, and `place`, which sends the order and, once placed, empties the cart and opens
 * the order's confirmation. */
export function useCheckout(cart: CheckoutCart) {
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const emptyCart = useEmptyCartAfterOrder();
  const [attempts] = useState(() => new AttemptKeys());
  const [mode, setMode] = useState<Fulfilment>('pickup');
  const items = useMemo(() => cart.lines.map(({ productId, quantity }) => ({ productId, quantity })), [cart.lines]);
  const cartKey = JSON.stringify(items);
  const quote = useQuote({ userId, fulfilment: mode, items });
  /** The lines the server refused at the last attempt, for the cart as it was then. */
  const [refused, setRefused] = useState<{ cartKey: string; messages: Record<string, string> } | null>(null);

  /** Why a line cannot be met, by product id: the quote's word, or the last refusal's
   * while the cart is unchanged. */
  const problems: Record<string, string> = {};
  for (const line of quote.data?.lines ?? []) {
    if (!line.available) problems[line.productId] = line.message ?? 'This product is no longer available';
  }
  if (refused?.cartKey === cartKey) Object.assign(problems, refused.messages);

  /** Places the order; resolves to the field messages the server refused the contact
   * with, if it did (other refusals are shown here). */
  const place = async (contact: ContactInput, saveAddress: boolean): Promise<FieldMessages | null> => {
    const request: PlaceOrderRequest = { fulfilment: mode, contact, saveAddress, payment: { method: 'cod' }, ...(userId === null && { items }) };
    // A signed-in shopper's cart is the server's: it belongs to the attempt all the same.
    const idempotencyKey = attempts.keyFor(JSON.stringify([request, items]));
    try {
      const { order, token } = await placeOrder.mutateAsync({ request, idempotencyKey });
      attempts.end();
      await navigate(paths.order(order.number, { token, placed: true }), { replace: true });
      emptyCart();
      void invalidateProductQueries(client);
      if (saveAddress) void client.invalidateQueries({ queryKey: SAVED_ADDRESS_KEY });
      return null;
    } catch (error) {
      if (answered(error)) attempts.end();
      if (error instanceof ApiError && error.status === 409 && error.errors) {
        setRefused({ cartKey, messages: error.errors });
        // The stock has moved: load the lines and the figures as they are now.
        cart.retry();
        void client.invalidateQueries({ queryKey: QUOTE_KEY });
        toast.error(error.message);
        return null;
      }
      if (error instanceof ApiError && error.status === 400 && error.errors) return error.errors;
      toast.error(errorMessage(error, 'Failed to place order. Please try again.'));
      return null;
    }
  };

  return {
    mode,
    setMode,
    totals: items.length === 0 ? NO_TOTALS : quote.data,
    quoteError: quote.isError && !quote.data ? quote.error : null,
    retryQuote: () => void quote.refetch(),
    problems,
    place,
  };
}
