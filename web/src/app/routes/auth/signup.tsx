import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';
import { syncLocalData } from '@/features/cart/sync';
import { useDocumentTitle } from '@/lib/page-title';

/** /signup (spec §2): e-mail, password, confirmation. Success signs the shopper in,
 * goes to /otp-verify with the e-mail and merges the browser's cart and wishlist into
 * the new account. */
export function Component() {
  useDocumentTitle('Sign Up');
  const client = useQueryClient();
  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Sign Up</h1>
        <p className="mt-1 text-slate-600">Create an account to keep your cart and wishlist everywhere.</p>
      </div>
      <SignupForm onSignedIn={() => syncLocalData(client)} />
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-brand hover:underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
