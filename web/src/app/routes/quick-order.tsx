import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/features/auth';
import { QuickOrder } from '@/features/quick-order';
import { useDocumentTitle } from '@/lib/page-title';

/** Quick order (docs/DESIGN.md §11): lines of 'SKU quantity' into the cart at once. The
 * bulk call is a signed-in shopper's, so a guest is asked to sign in. */
export function Component() {
  useDocumentTitle('Quick order');
  const userId = useSignedInUserId();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Quick order</h1>
      {userId ? (
        // Another shopper signing in here starts afresh, with no key of the last one's.
        <QuickOrder key={userId} />
      ) : (
        <div className="space-y-3">
          <p className="text-slate-700">Sign in to use quick order.</p>
          <Button asChild>
            <Link to={paths.login}>Sign in</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
