import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/page-title';

/** /register-success (spec §2). */
export function Component() {
  useDocumentTitle('Registration complete');
  return (
    <div className="mx-auto w-full max-w-sm space-y-6 text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden="true" />
      <div>
        <h1 className="text-3xl font-semibold">Successfully</h1>
        <p className="mt-2 text-slate-600">Your account has been created and activated. Check your e-mail for a confirmation.</p>
      </div>
      <Button asChild className="h-11 w-full">
        <Link to={paths.home}>Go to Homepage</Link>
      </Button>
    </div>
  );
}
