import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { isStaff } from '@/admin/shared/permissions';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { AdminLoginForm } from '../components/admin-login-form';
import type { AdminLoginState } from '../components/require-admin';

/** Only console pages are worth coming back to. */
const backTo = (state: unknown) => {
  const from = (state as AdminLoginState | null)?.from;
  return from?.startsWith(`${adminPaths.home}/`) && !from.startsWith(adminPaths.login) ? from : adminPaths.home;
};

/** /admin/login: a member of staff (any role) signs in and goes back to the page that
 * sent them here (the dashboard otherwise). One already signed in goes straight on. */
export function AdminLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedInStaff = useAuth((state) => state.isAuthenticated && isStaff(state.user));
  const target = backTo(location.state);
  if (signedInStaff) return <Navigate to={target} replace />;
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-sm flex-col justify-center gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-semibold">Shop console</h1>
        <p className="mt-1 text-slate-600">Sign in with your staff account.</p>
      </div>
      <AdminLoginForm onSignedIn={() => navigate(target, { replace: true })} />
      <Link to={paths.home} reloadDocument className="text-center text-sm text-brand hover:underline">
        Go to the shop
      </Link>
    </main>
  );
}
