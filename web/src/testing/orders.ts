// The orders API as the checkout and order tests meet it: an order to answer with, and
// a quote worked out as the server's contract says (20 % off, 100 for delivery).
import { http, HttpResponse } from 'msw';
import { DELIVERY_FEE, ORDER_DISCOUNT_PERCENT } from '@/lib/rules';
import type { ErrorCode, Product } from '@/api/types';
import type { DeliveryOption, LineInput, Order, Quote } from '@/features/orders';
import { envelope } from './server';

/** The default delivery method a fresh shop has (docs/DESIGN.md §10): the spec's fee. */
export const STANDARD_DELIVERY: DeliveryOption = { _id: '000000000000000000000001', name: 'Standard delivery', price: DELIVERY_FEE, available: true, reason: null };

export const ORDER_NUMBER = '100001';
export const ORDER_TOKEN = 'signed.order.token';

/** A guest's pickup order for two valves, placed on 1 March 2026 and still cancellable. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o'.padStart(24, '0'),
    number: ORDER_NUMBER,
    status: 'placed',
    paymentStatus: 'unpaid',
    paymentMethod: 'cod',
    card: null,
    fulfilment: 'pickup',
    lines: [
      {
        productId: '1'.padStart(24, '0'),
        name: 'Brass Angle Valve',
        image: 'demo/valve.svg',
        unitPrice: 12.5,
        listPrice: 12.5,
        quantity: 2,
        lineTotal: 25,
        options: {},
        taxClass: 'standard',
        taxRate: 20,
        lineDiscount: 5,
        lineAmount: 20,
        lineTax: 3.33,
      },
    ],
    subtotal: 25,
    discount: 5,
    promoDiscount: 0,
    deliveryFee: 0,
    total: 20,
    // 20.00 includes 3.33 of VAT at 20 %.
    taxTotal: 3.33,
    taxes: [{ taxClass: 'standard', rate: 20, net: 16.67, tax: 3.33 }],
    pricesIncludeTax: true,
    contact: { firstName: 'Grace Hopper', companyName: '', streetAddress: '', apartment: '', townCity: '', postcode: '', country: 'GB', phoneNumber: '+15550100', emailAddress: 'grace@example.com' },
    promoCode: null,
    refunded: 0,
    invoiceNumber: 'INV-000001',
    creditNotes: [],
    events: [{ type: 'placed', at: '2026-03-01T10:00:00Z', note: null }],
    cancellable: true,
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

/** The failure envelope with field messages (`errors`). */
export function refusal(status: number, message: string, errors: Record<string, string>, code?: ErrorCode) {
  return HttpResponse.json({ success: false, message, ...(code && { code }), errors }, { status });
}

/** What the quote handler was asked, in order. */
export type QuoteAsked = { fulfilment: string; items?: LineInput[]; promoCode?: string; postcode?: string; country?: string; deliveryMethodId?: string }[];

/** The delivery methods a quote handler offers for a postcode: each with its price, or
 * why it cannot take the order; or the refusal when none can ('We do not deliver to this
 * postcode', under `field`). The first available is the default. */
export type DeliveryMethodsFor = (postcode: string | undefined) => DeliveryOption[] | { field: string; message: string };

/** A fresh shop's: Standard delivery, everywhere, at the spec's fee. */
const STANDARD_ONLY: DeliveryMethodsFor = () => [STANDARD_DELIVERY];

/** The promo codes a quote handler knows, uppercased: the percent each takes off the
 * goods after the shop's 20 %, or the reason the server refuses it (a 422 naming
 * `promoCode`). Any other code is 'This promo code is not valid'. */
export type PromoCodes = Record<string, number | string>;

/** The 422 the server answers a promo code that does not apply with. */
export const promoRefusal = (message: string) => refusal(422, message, { promoCode: message }, 'promo_invalid');

/** POST /order/quote over `products`: a guest's lines come in the request, a signed-in
 * shopper's from `serverCart`. A line over the stock is flagged as the server words it;
 * a promo code is priced in, or refused, as `promoCodes` says. */
export function quoteHandler(
  products: Product[],
  {
    serverCart,
    asked = [],
    promoCodes = {},
    methods = STANDARD_ONLY,
  }: { serverCart?: () => LineInput[]; asked?: QuoteAsked; promoCodes?: PromoCodes; methods?: DeliveryMethodsFor } = {},
) {
  return http.post('*/api/order/quote', async ({ request }) => {
    const body = (await request.json()) as QuoteAsked[number] & { fulfilment: 'pickup' | 'delivery' };
    asked.push(body);
    const promo = body.promoCode ? (promoCodes[body.promoCode.toUpperCase()] ?? 'This promo code is not valid') : 0;
    if (typeof promo === 'string') return promoRefusal(promo);
    const delivering = body.fulfilment === 'delivery';
    const offered = delivering ? methods(body.postcode) : [];
    if ('message' in offered) return refusal(422, offered.message, { [offered.field]: offered.message }, 'delivery_unavailable');
    // As the server prices a quote: the one named when it can be used, else the first that can.
    const usable = offered.filter((method) => method.available);
    const chosen = usable.find((method) => method._id === body.deliveryMethodId) ?? usable[0];
    const lines = serverCart ? serverCart() : (body.items ?? []);
    const cents = lines.reduce((sum, line) => sum + Math.round(products.find((p) => p._id === line.productId)!.discountedPrice * 100) * line.quantity, 0);
    const discount = Math.round((cents * ORDER_DISCOUNT_PERCENT) / 100);
    const promoDiscount = Math.round(((cents - discount) * promo) / 100);
    const fee = Math.round((chosen?.price ?? 0) * 100);
    const total = cents - discount - promoDiscount + fee;
    // Everything on the standard 20 %, included (a fresh shop); the server rounds per
    // line, which one line per rate here does the same as.
    const tax = Math.round((total * 20) / 120);
    const quote: Quote = {
      subtotal: cents / 100,
      discount: discount / 100,
      promoDiscount: promoDiscount / 100,
      deliveryFee: fee / 100,
      total: total / 100,
      taxTotal: tax / 100,
      taxes: total > 0 ? [{ taxClass: 'standard', rate: 20, net: (total - tax) / 100, tax: tax / 100 }] : [],
      pricesIncludeTax: true,
      deliveryOptions: offered,
      deliveryMethodId: chosen?._id ?? null,
      lines: lines.map(({ productId, quantity }) => {
        const stock = products.find((p) => p._id === productId)!.stock;
        if (stock <= 0) return { productId, quantity, available: false, message: 'This product is out of stock' };
        if (quantity > stock) return { productId, quantity, available: false, message: `Only ${stock} left in stock` };
        return { productId, quantity, available: true };
      }),
    };
    return envelope(quote);
  });
}
