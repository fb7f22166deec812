import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/page-title';
import { useReturn } from '../api/get-return';
import type { ReturnPageState } from './return-form';
import { ReturnDetails } from './return-details';

/** /returns/{id}: the return, opened with the bearer (`token` null) or with the order
 * link's token; a return that cannot be found says so, as an order does. */
export function ReturnPage({ id, token }: { id: string; token: string | null }) {
  const found = useReturn(id, token);
  const state = useLocation().state as ReturnPageState | null;
  const notFound = found.error instanceof ApiError && found.error.status === 404;
  const title = notFound ? 'Return not found' : found.data ? `Return ${found.data.number}` : 'Return';
  useDocumentTitle(title);
  if (notFound) return <ReturnNotFound />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {found.isPending ? (
        <div role="status" aria-label="Loading return" className="space-y-4">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : found.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-600">{found.error.message}</p>
          <Button variant="outline" onClick={() => void found.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <ReturnDetails item={found.data} token={token} photosFailed={state?.photosFailed} />
      )}
    </div>
  );
}

/** A wrong address, someone else's return, or a link that is too old: the order's mailed
 * link (which 'Track your order' sends again) leads to its returns. */
function ReturnNotFound() {
  return (
    <div className="space-y-2 py-8">
      <h1 className="text-2xl font-semibold">Return not found</h1>
      <p className="text-slate-600">
        Open the order from the link in its e-mail to see its returns. Have the order number and the e-mail address it was placed with?{' '}
        <Link to={paths.trackOrder} className="text-brand underline">
          Track your order
        </Link>{' '}
        and we will e-mail you a link to it.
      </p>
    </div>
  );
}
