import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { forgotPassword } from '@/features/auth/api/forgot-password';
import { RecoveryFrame } from '@/features/auth/components/recovery-steps';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/page-title';

/** /check-email (spec §2): the link is on its way. 'Got it' returns to the login page
 * (the link in the e-mail opens /new-password with its token); 'Click to resend' sends
 * another when the address is known, else goes back to /forgot-password. */
export function Component() {
  useDocumentTitle('Check your email');
  const emailAddress = (useLocation().state as { emailAddress?: string } | null)?.emailAddress;
  const [sending, setSending] = useState(false);
  const resend = async () => {
    if (!emailAddress) return;
    setSending(true);
    try {
      await forgotPassword(emailAddress);
      toast.success('Reset email sent successfully!');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send reset email'));
    } finally {
      setSending(false);
    }
  };
  return (
    <RecoveryFrame>
      <div>
        <h1 className="text-3xl font-semibold">Check your email</h1>
        <p className="mt-1 text-slate-600">
          We sent a password reset link to <span className="font-medium text-slate-900 wrap-anywhere">{emailAddress ?? 'your e-mail address'}</span>. It works for 30
          minutes.
        </p>
      </div>
      <Button asChild className="h-11 w-full">
        <Link to={paths.login}>Got it</Link>
      </Button>
      <p className="text-center text-sm text-slate-600">
        Didn&apos;t receive the email?{' '}
        {emailAddress ? (
          <button type="button" onClick={resend} disabled={sending} className="inline-flex min-h-6 items-center font-medium text-brand hover:underline disabled:opacity-50">
            Click to resend
          </button>
        ) : (
          <Link to={paths.forgotPassword} className="font-medium text-brand hover:underline">
            Click to resend
          </Link>
        )}
      </p>
      <Link to={paths.login} className="block py-1 text-center text-sm text-slate-600 hover:underline">
        Back to log in
      </Link>
    </RecoveryFrame>
  );
}
