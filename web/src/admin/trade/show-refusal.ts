import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

/** A save's refusal on the form: each of the server's `errors` under the field it names
 * (`fieldOf` turns its key into the form's path), else its message above the button. The
 * server's message for a 400 is its first field's text, so it is not said twice. */
export function showRefusal<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fieldOf: (key: string) => string | undefined, fallback: string) {
  let placed = false;
  for (const [key, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
    const field = fieldOf(key);
    if (!field) continue;
    form.setError(field as FieldPath<T>, { message }, { shouldFocus: !placed });
    placed = true;
  }
  if (!placed) form.setError('root', { message: errorMessage(error, fallback) });
}
