import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

/** What to tell the shopper about a card that was refused: the provider's words (a
 * TokenizeError's message, or the server's `errors.payment` for a declined charge and
 * `errors.token` for a token it cannot find), else the envelope's message, else `fallback`. */
export function cardErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.errors?.payment ?? error.errors?.token ?? errorMessage(error, fallback);
  return errorMessage(error, fallback);
}
