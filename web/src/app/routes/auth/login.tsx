import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { login } from '@/features/auth/api/auth';
import { loginSchema, type LoginForm } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { syncLocalData } from '@/features/cart/sync';
import { errorMessage } from '@/lib/errors';

/** /login (spec §2): e-mail and password; success goes to / and merges the browser's
 * cart and wishlist into the account. */
export function Component() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signIn, track, isLoading } = useAuth();
  const form = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { emailAddress: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ emailAddress, password }) => {
    try {
      const session = await track(login(emailAddress, password));
      signIn(session.user, session.accessToken);
      toast.success('Login successful!');
      navigate(paths.home);
      await syncLocalData(client);
    } catch (error) {
      // The screen shows the reason inline (spec §8 logs it; showing it helps more).
      form.setError('root', { message: errorMessage(error, 'Login failed') });
    }
  });

  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Sign In</h1>
        <p className="mt-1 text-slate-600">Welcome back. Please enter your details.</p>
      </div>
      <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-4">
        <FormField label="Email" type="email" autoComplete="email" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
        <FormField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <div className="text-right">
          <Link to={paths.forgotPassword} className="text-sm font-medium text-brand hover:underline">
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
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} className="font-medium text-brand hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
