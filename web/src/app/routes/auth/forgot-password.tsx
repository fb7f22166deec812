import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { forgotPassword } from '@/features/auth/api/auth';
import { RecoveryFrame } from '@/features/auth/components/recovery-steps';
import { forgotPasswordSchema, type ForgotPasswordForm } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** /forgot-password (spec §2): asks for a reset link. The answer is the same whether or
 * not the address has an account. */
export function Component() {
  const navigate = useNavigate();
  const { track, isLoading } = useAuth();
  const form = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { emailAddress: '' } });
  const submit = form.handleSubmit(async ({ emailAddress }) => {
    try {
      await track(forgotPassword(emailAddress));
      toast.success('Reset email sent successfully!');
      navigate(paths.checkEmail, { state: { emailAddress } });
    } catch (error) {
      form.setError('root', { message: errorMessage(error, 'Failed to send reset email') });
    }
  });
  const { errors } = form.formState;
  return (
    <RecoveryFrame>
      <div>
        <h1 className="text-3xl font-semibold">Forgot password</h1>
        <p className="mt-1 text-slate-600">Enter your e-mail and we will send you a link to reset your password.</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label="Email" type="email" autoComplete="email" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
        {errors.root && (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" className="h-11 w-full" disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Reset password'}
        </Button>
      </form>
      <Link to={paths.login} className="block text-center text-sm text-slate-600 hover:underline">
        Back to log in
      </Link>
    </RecoveryFrame>
  );
}
