import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { RecoveryFrame } from '@/features/auth/components/recovery-steps';
import { useDocumentTitle } from '@/lib/page-title';

/** /forgot-password (spec §2): asks for a reset link. The answer is the same whether or
 * not the address has an account. */
export function Component() {
  useDocumentTitle('Forgot password');
  return (
    <RecoveryFrame>
      <div>
        <h1 className="text-3xl font-semibold">Forgot password</h1>
        <p className="mt-1 text-slate-600">Enter your e-mail and we will send you a link to reset your password.</p>
      </div>
      <ForgotPasswordForm />
      <Link to={paths.login} className="block py-1 text-center text-sm text-slate-600 hover:underline">
        Back to log in
      </Link>
    </RecoveryFrame>
  );
}
