import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { resetPassword } from '@/features/auth/api/reset-password';
import { NEW_PASSWORD_RULES, newPasswordSchema, type NewPasswordForm as NewPasswordValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** How long the success stays on screen before /reset-success (spec §9). */
export const RESET_REDIRECT_DELAY = 1000;

/** The new password with its five live rules, and its confirmation (spec §2, §4, §8),
 * set with a verified reset token. Success signs out every session and goes to
 * /reset-success; a refused token goes back to /forgot-password. */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { track, isLoading, signOut } = useAuth();
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), mode: 'onChange', defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control: form.control, name: 'password' });

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

  const { errors, isValid } = form.formState;
  const allRules = NEW_PASSWORD_RULES.every((rule) => rule.holds(password));
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {/* The checklist shows the five rules; the field's own error is only for what it
          cannot show (the server's 128-character maximum). */}
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={allRules ? errors.password?.message : undefined}
        {...form.register('password')}
      />
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
  );
}
