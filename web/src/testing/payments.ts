// The payments API and the test provider as the storefront's tests meet them: the
// config, a provider that tokenizes cards as the contract says, the saved cards kept as
// the server keeps them, and the transactions, paged.
import { http, HttpResponse } from 'msw';
import type { CardToken, PaymentConfig, PaymentMethod } from '@/features/payments';
import type { Transaction } from '@/features/payments/api/types';
import { envelope, failure, server } from './server';

export const TOKENIZE_URL = '/testpsp/v1/tokens';

/** The test provider's config: cards taken, test mode on. */
export const TEST_CONFIG: PaymentConfig = { provider: 'test', testMode: true, tokenizeUrl: TOKENIZE_URL };
/** No card payments: cash on delivery or at pickup only. */
export const MANUAL_CONFIG: PaymentConfig = { provider: 'manual', testMode: false, tokenizeUrl: null };

export const configHandler = (config: PaymentConfig = TEST_CONFIG) => http.get('*/api/payment/config', () => envelope(config));

/** Ada's Visa ending 4242, saved on 1 March 2026 and primary. */
export function paymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    _id: 'p'.padStart(24, '0'),
    brand: 'visa',
    last4: '4242',
    expMonth: 8,
    expYear: 2029,
    holderName: 'Ada Lovelace',
    primary: true,
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

/** The capture of order 100001's ₹20.00 on the Visa ending 4242. */
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    _id: 't'.padStart(24, '0'),
    kind: 'capture',
    status: 'succeeded',
    amount: 20,
    brand: 'visa',
    last4: '4242',
    orderNumber: '100001',
    createdAt: '2026-03-01T10:00:00Z',
    message: null,
    ...overrides,
  };
}

/** Luhn's check, as the provider makes it. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const providerError = (code: string, message: string) => HttpResponse.json({ error: { code, message } }, { status: 400 });

/** The test provider's tokenize endpoint: it refuses what the contract says it refuses,
 * with its codes and messages, and otherwise answers with a fresh token, kept in `tokens`
 * for the payment-method handlers. What it was sent is in `sent`. */
export function fakeProvider() {
  const tokens = new Map<string, CardToken>();
  const sent: Record<string, unknown>[] = [];
  const handler = http.post(`*${TOKENIZE_URL}`, async ({ request }) => {
    const body = (await request.json()) as { number: string; expMonth: number; expYear: number; cvc: string; holderName: string };
    sent.push(body);
    const digits = String(body.number).replace(/ /g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return providerError('invalid_number', 'Your card number is invalid.');
    if (!(body.expMonth >= 1 && body.expMonth <= 12)) return providerError('invalid_expiry_month', "Your card's expiration month is invalid.");
    if (!(body.expYear >= 2000 && body.expYear <= 2099)) return providerError('invalid_expiry_year', "Your card's expiration year is invalid.");
    if (body.expYear < 2026) return providerError('invalid_expiry_year', "Your card's expiration date is in the past.");
    if (!/^\d{3,4}$/.test(body.cvc)) return providerError('invalid_cvc', "Your card's security code is invalid.");
    if (!body.holderName.trim()) return providerError('invalid_name', 'Enter the name on the card.');
    const brand = digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : digits.startsWith('6') ? 'discover' : 'unknown';
    const token: CardToken = {
      id: `pm_test_${String(tokens.size + 1).padStart(24, '0')}`,
      brand,
      last4: digits.slice(-4),
      expMonth: body.expMonth,
      expYear: body.expYear,
      holderName: body.holderName,
    };
    tokens.set(token.id, token);
    return HttpResponse.json(token);
  });
  return { handler, tokens, sent };
}

/** The saved cards as the server keeps them (primary first, then newest; the first saved
 * is primary; removing the primary makes the newest remaining one primary), with the
 * contract's messages. `tokens` are the provider's. */
export function savedCardsApi(initial: PaymentMethod[], tokens: Map<string, CardToken> = new Map()) {
  let cards = [...initial];
  let next = 0;
  const ordered = () => [...cards].sort((a, b) => Number(b.primary) - Number(a.primary) || b.createdAt.localeCompare(a.createdAt));
  const find = (id: string) => cards.find((card) => card._id === id);
  const handlers = [
    http.get('*/api/payment-method', () => envelope(ordered())),
    http.post('*/api/payment-method', async ({ request }) => {
      const { token, setPrimary } = (await request.json()) as { token: string; setPrimary: boolean };
      const card = tokens.get(token);
      if (!card) return HttpResponse.json({ success: false, message: 'Please check your details', errors: { token: 'This card could not be found. Please enter it again.' } }, { status: 400 });
      if (cards.some((saved) => saved.last4 === card.last4 && saved.expYear === card.expYear && saved.expMonth === card.expMonth)) return failure(409, 'This card is already saved');
      const primary = cards.length === 0 || setPrimary;
      if (primary) cards = cards.map((saved) => ({ ...saved, primary: false }));
      const saved: PaymentMethod = { ...paymentMethod(), ...card, _id: `saved${++next}`.padStart(24, '0'), primary, createdAt: `2026-04-0${next}T10:00:00Z` };
      cards.push(saved);
      return HttpResponse.json({ success: true, message: 'Payment method added', data: { paymentMethod: saved } }, { status: 201 });
    }),
    http.patch('*/api/payment-method/:id', ({ params }) => {
      const card = find(String(params.id));
      if (!card) return failure(404, 'Payment method not found');
      cards = cards.map((saved) => ({ ...saved, primary: saved._id === card._id }));
      return envelope({ paymentMethod: find(card._id) }, 'Primary payment method updated');
    }),
    http.delete('*/api/payment-method/:id', ({ params }) => {
      const card = find(String(params.id));
      if (!card) return failure(404, 'Payment method not found');
      cards = cards.filter((saved) => saved !== card);
      if (card.primary && cards.length > 0) {
        const newest = [...cards].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        cards = cards.map((saved) => ({ ...saved, primary: saved === newest }));
      }
      return envelope(null, 'Payment method removed');
    }),
  ];
  return { handlers, cards: ordered };
}

/** GET /transaction over `all` (newest first), paged as the server pages them; what it was
 * asked is in `asked`. */
export function transactionsHandler(all: Transaction[], asked: { page: number; perPage: number }[] = []) {
  return http.get('*/api/transaction', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 10);
    asked.push({ page, perPage });
    return envelope({ transactions: all.slice((page - 1) * perPage, page * perPage), total: all.length, page, perPage });
  });
}

/** Every request's address and body, as sent, for asserting what left the browser. */
export function recordRequests() {
  const seen: Promise<{ url: string; body: string }>[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(request.clone().text().then((body) => ({ url: request.url, body })));
  };
  server.events.on('request:start', listener);
  return {
    all: () => Promise.all(seen),
    stop: () => server.events.removeListener('request:start', listener),
  };
}
