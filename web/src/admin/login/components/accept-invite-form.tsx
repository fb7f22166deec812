import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useAuth } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { acceptInviteSchema, type AcceptInviteValues } from '../accept-invite-schema';
import { acceptInvite } from '../api/accept-invite';

/** The new member's password, twice, checked as the storefront's sign-up checks it. The
 * session the server answers with is kept as the console's login keeps it (the console's
 * own, `console-auth-storage`), then `onJoined` goes on. A refusal shows in the server's
 * words: a password's under its field, anything else (the link invalid, used or
 * expired) above the button. */
export function AcceptInviteForm({ token, onJoined }: { token: string; onJoined: () => void }) {
  const { signIn, track, isLoading } = useAuth();
  const form = useForm<AcceptInviteValues>({ resolver: zodResolver(acceptInviteSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const session = await track(acceptInvite({ token, password }));
      signIn(session.user, session.accessToken);
      onJoined();
    } catch (error) {
      const passwordError = error instanceof ApiError ? error.errors?.password : undefined;
      if (passwordError) form.setError('password', { message: passwordError }, { shouldFocus: true });
      else form.setError('root', { message: errorMessage(error, 'Failed to join the staff') });
    }
  });

  return (
    <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-4">
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="8 to 40 letters, digits or @$!%?&, with a lowercase letter, an uppercase letter and a digit."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField label="Confirm password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11 w-full" disabled={isLoading}>
        {isLoading ? 'Joining...' : 'Join the staff'}
      </Button>
    </form>
  );
}
