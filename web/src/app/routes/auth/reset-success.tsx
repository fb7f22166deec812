import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RecoveryFrame } from '@/features/auth/components/recovery-steps';
import { useDocumentTitle } from '@/lib/page-title';

/** /reset-success (spec §2). */
export function Component() {
  useDocumentTitle('Password reset');
  return (
    <RecoveryFrame>
      <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden="true" />
      <div>
        <h1 className="text-3xl font-semibold">Successfully</h1>
        <p className="mt-1 text-slate-600">Your password has been reset. Log in with your new password.</p>
      </div>
      <Button asChild className="h-11 w-full">
        <Link to={paths.login}>Back to login</Link>
      </Button>
    </RecoveryFrame>
  );
}
