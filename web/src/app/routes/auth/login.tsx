import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { syncLocalData } from '@/features/cart/sync';
import { useDocumentTitle } from '@/lib/page-title';

/** /login (spec §2): e-mail and password; success goes to / and merges the browser's
 * cart and wishlist into the account. */
export function Component() {
  useDocumentTitle('Sign In');
  const client = useQueryClient();
  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Sign In</h1>
        <p className="mt-1 text-slate-600">Welcome back. Please enter your details.</p>
      </div>
      <LoginForm onSignedIn={() => syncLocalData(client)} />
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} className="font-medium text-brand hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  );
}
