import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { login } from '@/features/auth/api/login';
import { loginSchema, type LoginForm as LoginValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** E-mail and password (spec §2). Success signs the shopper in, goes to / and awaits
 * `onSignedIn` (the page merges the browser's cart and wishlist there); a failure shows
 * inline until the form changes. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const { signIn, track, isLoading } = useAuth();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { emailAddress: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ emailAddress, password }) => {
    try {
      const session = await track(login(emailAddress, password));
      signIn(session.user, session.accessToken);
      toast.success('Login successful!');
      navigate(paths.home);
      await onSignedIn();
    } catch (error) {
      // The screen shows the reason inline (spec §8 logs it; showing it helps more).
      form.setError('root', { message: errorMessage(error, 'Login failed') });
    }
  });

  return (
    <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-4">
      <FormField label="Email" type="email" autoComplete="email" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
      <FormField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <div className="text-right">
        <Link to={paths.forgotPassword} className="inline-flex min-h-6 items-center text-sm font-medium text-brand hover:underline">
          Forgot Password?
        </Link>
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11 w-full" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
