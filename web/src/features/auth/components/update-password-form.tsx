import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { changePassword } from '@/features/auth/api/change-password';
import { errorMessage } from '@/lib/errors';

/** Profile Settings' password change (spec §2): the current password, checked by the
 * server, which then mails a link to /new-password. */
export function UpdatePasswordForm() {
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!current) {
      setError('Please enter your current password');
      return;
    }
    setSending(true);
    try {
      await changePassword(current);
      setCurrent('');
      setError(null);
      toast.info('Password reset code sent to your email');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send the password reset link'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form noValidate onSubmit={send} className="space-y-4 rounded-lg border border-slate-200 p-5" aria-label="Update Password">
      <div>
        <h2 className="text-lg font-semibold">Update Password</h2>
        <p className="text-sm text-slate-600">We will e-mail you a link to choose a new password.</p>
      </div>
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={current}
        error={error ?? undefined}
        onChange={(event) => {
          setCurrent(event.target.value);
          setError(null);
        }}
        className="max-w-sm"
      />
      <Button type="submit" variant="outline" disabled={sending}>
        {sending ? 'Sending...' : 'Send Code'}
      </Button>
    </form>
  );
}
