import { Link, Outlet } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { type Permission, roleLabel, useCan } from '@/admin/shared/permissions';
import { useAuth } from '@/features/auth';

/** A console page the signed-in member of staff's role may not open (an address typed,
 * bookmarked or shared): said so inside the console's frame, instead of a page whose
 * every call the server would refuse. */
export function AdminNotAllowedPage() {
  const role = useAuth((state) => state.user?.role);
  const dashboard = useCan('dashboard');
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-2 text-slate-600">Your role does not allow this{role ? ` (you are signed in as ${roleLabel(role)})` : ''}. An owner can change your role on the Staff page.</p>
      {dashboard && (
        <Link to={adminPaths.home} className="mt-4 inline-block text-brand underline">
          Go to the dashboard
        </Link>
      )}
    </div>
  );
}

/** The console pages under it, for a role that allows `permission`; the not-allowed page
 * for any other. */
export function RequirePermission({ permission }: { permission: Permission }) {
  return useCan(permission) ? <Outlet /> : <AdminNotAllowedPage />;
}
