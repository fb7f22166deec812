import { useSearchParams } from 'react-router';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { RecoveryFrame } from '@/features/auth/components/recovery-steps';
import { useVerifiedResetToken } from '@/features/auth/use-verified-reset-token';
import { useDocumentTitle } from '@/lib/page-title';

/** /new-password?token=… (spec §2, §4, §8): the token is checked on load; then the new
 * password with its five live rules. Reached from the recovery mail, and from the link
 * Profile Settings mails to a signed-in shopper. */
export function Component() {
  useDocumentTitle('Set new password');
  const token = useSearchParams()[0].get('token') ?? '';
  const verified = useVerifiedResetToken(token);
  if (!verified) {
    return (
      <RecoveryFrame>
        <p role="status" className="text-slate-600">
          Verifying reset link...
        </p>
      </RecoveryFrame>
    );
  }
  return (
    <RecoveryFrame>
      <div>
        <h1 className="text-3xl font-semibold">Set new password</h1>
        <p className="mt-1 text-slate-600">Your new password must be different from the previous one.</p>
      </div>
      <NewPasswordForm token={token} />
    </RecoveryFrame>
  );
}
