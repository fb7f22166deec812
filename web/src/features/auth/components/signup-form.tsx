import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { signup } from '@/features/auth/api/signup';
import { signupSchema, type SignupForm as SignupValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** E-mail, password, confirmation (spec §2). Success signs the shopper in, goes to
 * /otp-verify with the e-mail and awaits `onSignedIn` (the page merges the browser's
 * cart and wishlist there); the failure shows inline until the form changes. */
export function SignupForm({ onSignedIn }: { onSignedIn: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const { signIn, track, isLoading } = useAuth();
  const form = useForm<SignupValues>({ resolver: zodResolver(signupSchema), defaultValues: { emailAddress: '', password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ emailAddress, password }) => {
    try {
      const session = await track(signup(emailAddress.trim(), password));
      signIn(session.user, session.accessToken);
      toast.success('Account created successfully!');
      navigate(paths.otpVerify, { state: { emailAddress: session.user.emailAddress } });
      await onSignedIn();
    } catch (error) {
      const message = errorMessage(error, 'Signup failed');
      form.setError('root', { message });
      toast.error(message);
    }
  });

  return (
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
  );
}
