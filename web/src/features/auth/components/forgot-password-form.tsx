import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { forgotPassword } from '@/features/auth/api/forgot-password';
import { forgotPasswordSchema, type ForgotPasswordForm as ForgotPasswordValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** The e-mail to send a reset link to (spec §2); success goes to /check-email with it. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const { track, isLoading } = useAuth();
  const form = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { emailAddress: '' } });
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
  );
}
