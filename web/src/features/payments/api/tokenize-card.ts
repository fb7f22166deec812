import { useMutation } from '@tanstack/react-query';
import type { CardToken, ProviderError, TokenizeRequest } from './types';

/** The provider refused the card details; `message` is the provider's, for the shopper. */
export class TokenizeError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'TokenizeError';
  }
}

const FALLBACK = 'Your card could not be checked. Please try again.';

/** Sends the card to the provider's own tokenize endpoint (`tokenizeUrl`, from the payment
 * config) and answers with the token that stands for it. This is the one request that
 * carries a card number, so it goes past the /api client: no shop credentials, no
 * envelope, and nothing under /api ever sees the card (docs/DESIGN.md §7). */
export async function tokenizeCard(tokenizeUrl: string, card: TokenizeRequest): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(new URL(tokenizeUrl, window.location.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(card),
      credentials: 'omit',
    });
  } catch {
    throw new TokenizeError(FALLBACK, 'network_error');
  }
  const body = (await response.json().catch(() => null)) as CardToken | ProviderError | null;
  if (!response.ok || body === null || 'error' in body) {
    const error = body !== null && 'error' in body ? body.error : null;
    throw new TokenizeError(error?.message || FALLBACK, error?.code ?? `http_${response.status}`);
  }
  return body;
}

export const useTokenizeCard = () =>
  useMutation({ mutationFn: ({ tokenizeUrl, card }: { tokenizeUrl: string; card: TokenizeRequest }) => tokenizeCard(tokenizeUrl, card) });
