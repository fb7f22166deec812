import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useAuth } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useAskAlert } from '../api/ask-alert';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ASK_ALERT = 'Email me when it is back';

// The server's own words for an address it refuses (domain/account.rs Email::parse).
const alertSchema = z.object({
  emailAddress: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(EMAIL, 'Please enter a valid email address.')),
});

type AlertValues = z.infer<typeof alertSchema>;

/** A 400's words on the address, shown under it; on the variant, shown as the others are. */
const onAddress = (error: unknown) => (error instanceof ApiError ? error.errors?.emailAddress : undefined);
const onVariant = (error: unknown) => (error instanceof ApiError ? error.errors?.variantId : undefined);

/** Under a sold-out variant (docs/DESIGN.md §12): an address, the signed-in shopper's to
 * start with, to be e-mailed once when `variantId` is back in stock (`variantId` left out
 * for a product whose answer named no variants). Once asked, the server's sentence takes
 * the form's place, and focus moves to it; a refusal on the address shows under it, any
 * other in the server's words. The page keys it by variant, so another choice starts it
 * afresh. */
export function BackInStockForm({ productId, variantId }: { productId: string; variantId?: string }) {
  const signedInEmail = useAuth((state) => (state.isAuthenticated ? (state.user?.emailAddress ?? '') : ''));
  const ask = useAskAlert(productId);
  const form = useForm<AlertValues>({ resolver: zodResolver(alertSchema), defaultValues: { emailAddress: signedInEmail } });
  const { errors } = form.formState;
  const done = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    if (ask.isSuccess) done.current?.focus();
  }, [ask.isSuccess]);

  const submit = form.handleSubmit((values) =>
    ask.mutate(variantId === undefined ? values : { ...values, variantId }, {
      onError: (error) => {
        const onField = onAddress(error);
        if (onField) form.setError('emailAddress', { message: onField }, { shouldFocus: true });
      },
    }),
  );

  if (ask.isSuccess) {
    return (
      <p ref={done} role="status" tabIndex={-1} className="rounded-md bg-sky-50 p-3 text-sm text-sky-900 outline-none">
        {ask.data}
      </p>
    );
  }
  return (
    <form noValidate aria-labelledby={`${id}-title`} onSubmit={submit} className="max-w-md space-y-3 rounded-md border border-slate-200 p-3">
      <p id={`${id}-title`} className="text-sm font-medium">
        {ASK_ALERT}
      </p>
      <FormField label="Email Address" type="email" autoComplete="email" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
      <Button type="submit" className="h-11 md:h-10" disabled={ask.isPending}>
        {ask.isPending ? 'Sending...' : ASK_ALERT}
      </Button>
      {ask.isError && !onAddress(ask.error) && (
        <p role="alert" className="text-sm text-red-600">
          {onVariant(ask.error) ?? errorMessage(ask.error, 'Failed to set the alert')}
        </p>
      )}
    </form>
  );
}
