import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';

/** A console address with no page behind it. */
export function AdminNotFoundPage() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The console has no page at this address.</p>
      <Link to={adminPaths.orders} className="mt-4 inline-block text-brand underline">
        Go to the orders
      </Link>
    </div>
  );
}
