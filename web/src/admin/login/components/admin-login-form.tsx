import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { adminLoginSchema, type AdminLoginValues } from '@/admin/shared/schemas';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useAuth } from '@/features/auth';
import { errorMessage } from '@/lib/errors';
import { adminLogin } from '../api/admin-login';

/** E-mail and password. The session is the console's own (`console-auth-storage`): the
 * shop's pages do not see the administrator signed in. A refusal (wrong details, a
 * customer's account, too many tries) shows in the server's words. */
export function AdminLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { signIn, track, isLoading } = useAuth();
  const form = useForm<AdminLoginValues>({ resolver: zodResolver(adminLoginSchema), defaultValues: { emailAddress: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (credentials) => {
    try {
      const session = await track(adminLogin(credentials));
      signIn(session.user, session.accessToken);
      onSignedIn();
    } catch (error) {
      form.setError('root', { message: errorMessage(error, 'Login failed') });
    }
  });

  return (
    <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-4">
      <FormField label="Email" type="email" autoComplete="username" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
      <FormField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11 w-full" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
