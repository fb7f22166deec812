import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useUnsubscribeAlerts } from '@/features/catalog/api/unsubscribe-alerts';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/page-title';

const NOT_VALID = 'This link is not valid';

/** /unsubscribe?token=…: the link in a back-in-stock mail (docs/DESIGN.md §12). Opening it
 * stops every alert its address waits for, once, and says so in the server's words; a link
 * without a token, or one the server does not know, is not valid. */
export function Component() {
  useDocumentTitle('Back-in-stock e-mails');
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribeAlerts(token);
  return (
    <div className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-2xl font-semibold">Back-in-stock e-mails</h1>
      {!token ? (
        <p role="alert" className="text-red-600">
          {NOT_VALID}
        </p>
      ) : unsubscribe.isPending ? (
        <p role="status" className="text-slate-600">
          Unsubscribing...
        </p>
      ) : unsubscribe.isError ? (
        <p role="alert" className="text-red-600">
          {errorMessage(unsubscribe.error, NOT_VALID)}
        </p>
      ) : (
        <p role="status" className="rounded-md bg-sky-50 p-3 text-sky-900">
          {unsubscribe.data}
        </p>
      )}
      <Link to={paths.home} className="inline-block text-brand underline">
        Back to the shop
      </Link>
    </div>
  );
}
