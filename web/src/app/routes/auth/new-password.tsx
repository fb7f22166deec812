import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { resetPassword, verifyResetToken } from '@/features/auth/api/auth';
import { RecoveryFrame } from '@/features/auth/components/recovery-steps';
import { NEW_PASSWORD_RULES, newPasswordSchema, type NewPasswordForm } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** How long the success stays on screen before /reset-success (spec §9). */
export const RESET_REDIRECT_DELAY = 1000;

/** /new-password?token=… (spec §2, §4, §8): the token is checked on load; then the new
 * password with its five live rules. Reached from the recovery mail, and from the link
 * Profile Settings mails to a signed-in shopper. */
export function Component() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const { track, isLoading, signOut } = useAuth();
  const [verified, setVerified] = useState(false);
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordSchema), mode: 'onChange', defaultValues: { password: '', confirmPassword: '' } });
  const password = form.watch('password');

  useEffect(() => {
    if (!token) {
      toast.error('Invalid reset link. Please request a new password reset.');
      navigate(paths.forgotPassword, { replace: true });
      return;
    }
    let current = true;
    verifyResetToken(token)
      .then(() => current && setVerified(true))
      .catch(() => {
        if (!current) return;
        toast.error('Invalid or expired reset link. Please request a new one.');
        navigate(paths.forgotPassword, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [token, navigate]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await track(resetPassword(token, values.password));
      // Every earlier session ends with the reset.
      signOut();
      toast.success('Password reset successfully!');
      setTimeout(() => navigate(paths.resetSuccess), RESET_REDIRECT_DELAY);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 400) {
        toast.error('Invalid or expired reset token. Please request a new one.');
        navigate(paths.forgotPassword);
      } else if (status === 422) {
        toast.error('Password does not meet requirements.');
      } else {
        toast.error('Failed to reset password. Please try again.');
      }
    }
  });

  if (!verified) {
    return (
      <RecoveryFrame>
        <p role="status" className="text-slate-600">
          Verifying reset link...
        </p>
      </RecoveryFrame>
    );
  }
  const { errors, isValid } = form.formState;
  const allRules = NEW_PASSWORD_RULES.every((rule) => rule.holds(password));
  return (
    <RecoveryFrame>
      <div>
        <h1 className="text-3xl font-semibold">Set new password</h1>
        <p className="mt-1 text-slate-600">Your new password must be different from the previous one.</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label="Password" type="password" autoComplete="new-password" {...form.register('password')} />
        <ul aria-label="Password rules" className="space-y-1 text-sm">
          {NEW_PASSWORD_RULES.map((rule) => {
            const holds = rule.holds(password);
            return (
              <li key={rule.message} data-holds={holds} className={cn('flex items-center gap-2', holds ? 'text-emerald-700' : 'text-slate-500')}>
                {holds ? <Check className="h-4 w-4" aria-hidden="true" /> : <X className="h-4 w-4" aria-hidden="true" />}
                {rule.message}
              </li>
            );
          })}
        </ul>
        <FormField label="Confirm Password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <Button type="submit" className="h-11 w-full" disabled={!isValid || !allRules || isLoading}>
          {isLoading ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </RecoveryFrame>
  );
}
