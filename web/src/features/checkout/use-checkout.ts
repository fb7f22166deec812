import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PAYMENT_CONFIG_KEY, PAYMENT_METHODS_KEY, QUOTE_KEY, SAVED_ADDRESS_KEY, TRADE_STANDING_KEY } from '@/api/query-keys';
import type { ErrorCode, Item } from '@/api/types';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/features/auth';
import { refOf, useEmptyCartAfterOrder } from '@/features/cart';
import { invalidateProductQueries, type VariantQuoteLine } from '@/features/catalog';
import { type ContactInput, type DeliveryChoice, type Fulfilment, type PlaceOrderRequest, promoCodeRefusal, usePlaceOrder } from '@/features/orders';
import {
  type CardInput,
  cardErrorMessage,
  isCardFilled,
  takesCards,
  tokenizeCard,
  tokenizeRequest,
  usePaymentConfig,
} from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useShop } from '@/features/shop';
import { useSavedAddress } from './api/get-saved-address';
import { AttemptKeys } from './attempt-key';
import type { CheckoutPayment } from './card-choice';
import { usePromoQuote } from './use-promo-quote';

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
const NO_TOTALS = { subtotal: 0, discount: 0, promoDiscount: 0, deliveryFee: 0, total: 0 };

/** What the shopper typed or chose for a delivery; `null`: nothing yet. */
interface Typed {
  postcode: string | null;
  country: string | null;
  methodId: string | null;
}

const NOTHING_TYPED: Typed = { postcode: null, country: null, methodId: null };

/** What a refusal means, as the server's `code` says (docs/API.md, Envelope). */
const codeOf = (error: unknown): ErrorCode | undefined => (error instanceof ApiError ? error.code : undefined);

/** Whether the server gave its final word on an attempt: a refusal (4xx) other than
 * `order_in_flight` ('This order is still being placed'), which the same key may ask
 * about again. A network error or a 5xx left it open. */
const answered = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'order_in_flight';

/** Said when a new card's fields are not all filled in. */
export const ENTER_CARD = 'Please enter your card details.';

/** The refusals about the card rather than the order: a decline (in the provider's
 * words), 'Card payments are not available', a saved card that is gone ('Payment method
 * not found'), or no usable card or method chosen (pay on account without an approved
 * trade account too: 'Pay on account needs an approved trade account'). */
const CARD_REFUSALS: readonly ErrorCode[] = ['card_declined', 'cards_unavailable', 'payment_method_not_found', 'payment_invalid'];

/** Whether a refusal is about the card rather than the order. */
const aboutTheCard = (error: unknown) => {
  const code = codeOf(error);
  return code !== undefined && CARD_REFUSALS.includes(code);
};

/** Checkout's state: the mode, the server's figures for the cart with the promo code
 * applied in the cart or here, the lines that cannot be met, the last refusal of the card,
 * and `place`, which sends the order (with the code) and, once placed, empties the cart,
 * forgets the code and opens the order's confirmation (or the bank's 3-D Secure page
 * first, when the payment needs it). */
export function useCheckout(cart: CheckoutCart) {
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const emptyCart = useEmptyCartAfterOrder();
  const config = usePaymentConfig();
  const [attempts] = useState(() => new AttemptKeys());
  /** The provider's token for the new card of the open attempt: sent again, the attempt
   * sends the same token (so the same request, under the same key), never a second one. */
  const newCardToken = useRef<{ card: string; id: string } | null>(null);
  /** Why the card was refused at the last attempt, in the provider's words. */
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [mode, setMode] = useState<Fulfilment>('pickup');
  /** Where a delivery goes and the method the shopper picked (docs/DESIGN.md §10): what
   * they typed or chose, else the saved address's postcode and country, else the shop's
   * country. */
  const [typed, setTyped] = useState<Typed>(NOTHING_TYPED);
  /** Why the last order refused its delivery method, shown with the methods. */
  const [methodError, setMethodError] = useState<string | null>(null);
  const saved = useSavedAddress(userId).data;
  const shopCountry = useShop().data?.country ?? '';
  const delivery: DeliveryChoice = useMemo(
    () => ({
      postcode: typed.postcode ?? saved?.postcode ?? '',
      country: typed.country || saved?.country || shopCountry,
      methodId: typed.methodId,
    }),
    [typed, saved, shopCountry],
  );
  const items = useMemo(() => cart.lines.map((line) => ({ ...refOf(line), quantity: line.quantity })), [cart.lines]);
  const cartKey = JSON.stringify(items);
  const { quote, quoteError, promo } = usePromoQuote({ userId, fulfilment: mode, items, delivery });
  /** Why no delivery method can take the order as it stands, as the quote said. */
  const deliveryRefusal = mode === 'delivery' && codeOf(quote.error) === 'delivery_unavailable' ? (quote.error as ApiError).message : null;
  const offered = mode === 'delivery' && !deliveryRefusal ? (quote.data?.deliveryOptions ?? []) : [];
  /** The method the order asks for: the one the shopper picked while it is on offer (shown
   * at once, as its quote loads), else the one the quote priced. */
  const picked = offered.some((option) => option._id === typed.methodId && option.available) ? typed.methodId : null;
  const chosenMethod = mode === 'delivery' && !deliveryRefusal ? (picked ?? quote.data?.deliveryMethodId ?? null) : null;
  /** The lines the server refused at the last attempt, for the cart as it was then. */
  const [refused, setRefused] = useState<{ cartKey: string; messages: Record<string, string> } | null>(null);

  /** Why a line cannot be met, by the variant's id the line named, else the product's
   * (docs/DESIGN.md §9): the quote's word, or the last refusal's while the cart is unchanged. */
  const problems: Record<string, string> = {};
  for (const line of (quote.data?.lines ?? []) as VariantQuoteLine[]) {
    if (!line.available) problems[line.variantId ?? line.productId] = line.message ?? 'This product is no longer available';
  }
  if (refused?.cartKey === cartKey) Object.assign(problems, refused.messages);

  /** The attempt is over: the next one is new, and so is its card's token. */
  const endAttempt = () => {
    attempts.end();
    newCardToken.current = null;
  };

  /** The provider's token for `card`: the open attempt's, or a fresh one. The card's
   * number goes to the provider alone, never to /api. */
  const tokenFor = async (tokenizeUrl: string, card: CardInput) => {
    const key = JSON.stringify(card);
    if (newCardToken.current?.card === key) return newCardToken.current.id;
    const { id } = await tokenizeCard(tokenizeUrl, tokenizeRequest(card));
    newCardToken.current = { card: key, id };
    return id;
  };

  /** The order's `payment` as the server takes it; null (after saying why) when the card
   * cannot be used. */
  const paymentOf = async (payment: CheckoutPayment): Promise<PlaceOrderRequest['payment'] | null> => {
    if (payment.method === 'cod') return { method: 'cod' };
    if (payment.method === 'account') return { method: 'account', poNumber: payment.poNumber };
    if ('savedCardId' in payment) return { method: 'card', paymentMethodId: payment.savedCardId, saveCard: false };
    if (!takesCards(config.data)) return null;
    if (!isCardFilled(payment.newCard)) {
      setPaymentError(ENTER_CARD);
      return null;
    }
    try {
      const paymentMethodId = await tokenFor(config.data.tokenizeUrl, payment.newCard);
      // Only a signed-in shopper has Payment Methods to save the card to.
      return { method: 'card', paymentMethodId, saveCard: userId !== null && payment.saveCard };
    } catch (error) {
      setPaymentError(cardErrorMessage(error, 'Your card could not be checked. Please try again.'));
      return null;
    }
  };

  /** Places the order, paid as `payment` says; resolves to the field messages the server
   * refused the contact with, if it did (other refusals are shown here). */
  const place = async (contact: ContactInput, saveAddress: boolean, payment: CheckoutPayment = { method: 'cod' }): Promise<FieldMessages | null> => {
    setPaymentError(null);
    const paid = await paymentOf(payment);
    if (!paid) return null;
    // A postcode typed and sent without leaving its field: the methods were offered for
    // the one before, so only a method the shopper picked is sent (the server checks it
    // for this postcode), and the methods are asked for again.
    const stale = mode === 'delivery' && (contact.postcode ?? '').trim() !== delivery.postcode.trim();
    if (stale) setTyped((was) => ({ ...was, postcode: contact.postcode ?? '' }));
    const methodId = stale ? typed.methodId : chosenMethod;
    setMethodError(null);
    const request: PlaceOrderRequest = {
      fulfilment: mode,
      contact,
      saveAddress,
      payment: paid,
      ...(userId === null && { items }),
      ...(promo.code !== null && { promoCode: promo.code }),
      ...(methodId !== null && { deliveryMethodId: methodId }),
    };
    // A signed-in shopper's cart is the server's: it belongs to the attempt all the same.
    const idempotencyKey = attempts.keyFor(JSON.stringify([request, items]));
    try {
      const { order, token, nextAction } = await placeOrder.mutateAsync({ request, idempotencyKey });
      endAttempt();
      // The order has used the code: the next cart starts without one.
      promo.remove();
      if (nextAction?.type === 'redirect') {
        // The order is placed, waiting for the bank: the cart has gone into it. The bank's
        // page sends the shopper back to the order's page.
        emptyCart();
        window.location.assign(nextAction.url);
        return null;
      }
      await navigate(paths.order(order.number, { token, placed: true }), { replace: true });
      emptyCart();
      void invalidateProductQueries(client);
      if (saveAddress) void client.invalidateQueries({ queryKey: SAVED_ADDRESS_KEY });
      return null;
    } catch (error) {
      if (answered(error)) endAttempt();
      // A PO number the server refused: under its field, as the contact's are.
      if (error instanceof ApiError && error.errors?.poNumber) return error.errors;
      if (codeOf(error) === 'credit_limit') {
        // Nothing was placed: the order is more than the account has left, which the
        // refusal names. The credit shown is loaded as it is now.
        setPaymentError(cardErrorMessage(error, 'This order would exceed your credit limit'));
        void client.invalidateQueries({ queryKey: TRADE_STANDING_KEY });
        return null;
      }
      if (aboutTheCard(error)) {
        // Nothing was placed: the shopper may pick another card and try again.
        setPaymentError(cardErrorMessage(error, 'Your card could not be charged.'));
        // A saved card that is gone, or card payments switched off: load them as they are.
        void client.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
        if (codeOf(error) === 'cards_unavailable') void client.invalidateQueries({ queryKey: PAYMENT_CONFIG_KEY });
        return null;
      }
      const promoRefused = promoCodeRefusal(error);
      if (promoRefused) {
        // The code no longer applies (used up by another order meanwhile, or this shopper's
        // e-mail has used it): nothing was placed. It leaves the summary with the reason,
        // and the next click is a new attempt without it.
        promo.refuse(promoRefused);
        toast.error(promoRefused);
        return null;
      }
      if (error instanceof ApiError && (error.code === 'out_of_stock' || error.code === 'amount_changed')) {
        // Lines short of stock (by product id), or `errors.total`: the prices moved while
        // the card was being authorized. Nothing was placed either way.
        setRefused({ cartKey, messages: error.errors ?? {} });
        // Load the lines and the figures as they are now; the next click is a new attempt.
        cart.retry();
        void client.invalidateQueries({ queryKey: QUOTE_KEY });
        toast.error(error.message);
        return null;
      }
      if (codeOf(error) === 'delivery_unavailable' || (error instanceof ApiError && error.errors?.deliveryMethodId)) {
        // The methods changed since the quote, or none was chosen: show them as they are
        // now, with why under them; a postcode's refusal goes to its field.
        void client.invalidateQueries({ queryKey: QUOTE_KEY });
        const { deliveryMethodId, ...fields } = (error as ApiError).errors ?? {};
        setMethodError(deliveryMethodId ?? null);
        return fields;
      }
      if (error instanceof ApiError && error.code === 'invalid_fields') return error.errors ?? {};
      toast.error(errorMessage(error, 'Failed to place order. Please try again.'));
      return null;
    }
  };

  return {
    mode,
    setMode,
    totals: items.length === 0 ? NO_TOTALS : deliveryRefusal ? undefined : quote.data,
    quoteError: deliveryRefusal ? null : quoteError,
    delivery: {
      options: offered,
      chosen: chosenMethod,
      refusal: deliveryRefusal,
      error: methodError,
      /** The postcode once typed, the country once chosen: the methods are asked for again. */
      setPostcode: (postcode: string) => {
        setMethodError(null);
        setTyped((was) => ({ ...was, postcode }));
      },
      setCountry: (country: string) => {
        setMethodError(null);
        setTyped((was) => ({ ...was, country }));
      },
      choose: (methodId: string) => {
        setMethodError(null);
        setTyped((was) => ({ ...was, methodId }));
      },
    },
    promo,
    retryQuote: () => void quote.refetch(),
    problems,
    place,
    paymentError,
    clearPaymentError: () => setPaymentError(null),
  };
}
