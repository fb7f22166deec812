import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { signup } from '@/features/auth/api/auth';
import { signupSchema, type SignupForm } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { syncLocalData } from '@/features/cart/sync';
import { errorMessage } from '@/lib/errors';

/** /signup (spec §2): e-mail, password, confirmation. Success signs the shopper in and
 * goes to /otp-verify with the e-mail; the failure shows inline until the form changes. */
export function Component() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signIn, track, isLoading } = useAuth();
  const form = useForm<SignupForm>({ resolver: zodResolver(signupSchema), defaultValues: { emailAddress: '', password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ emailAddress, password }) => {
    try {
      const session = await track(signup(emailAddress.trim(), password));
      signIn(session.user, session.accessToken);
      toast.success('Account created successfully!');
      navigate(paths.otpVerify, { state: { emailAddress: session.user.emailAddress } });
      await syncLocalData(client);
    } catch (error) {
      const message = errorMessage(error, 'Signup failed');
      form.setError('root', { message });
      toast.error(message);
    }
  });

  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Sign Up</h1>
        <p className="mt-1 text-slate-600">Create an account to keep your cart and wishlist everywhere.</p>
      </div>
      <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-4">
        <FormField label="Email" type="email" autoComplete="email" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
        <FormField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <FormField label="Confirm Password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        {errors.root && (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" className="h-11 w-full" disabled={isLoading}>
          {isLoading ? 'Creating account...' : 'Sign Up'}
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-brand hover:underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
