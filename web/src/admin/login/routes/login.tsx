import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { AdminLoginForm } from '../components/admin-login-form';
import type { AdminLoginState } from '../components/require-admin';

/** Only console pages are worth coming back to. */
const backTo = (state: unknown) => {
  const from = (state as AdminLoginState | null)?.from;
  return from?.startsWith(`${adminPaths.home}/`) && !from.startsWith(adminPaths.login) ? from : adminPaths.home;
};

/** /admin/login: an administrator signs in and goes back to the page that sent them
 * here (the dashboard otherwise). One already signed in goes straight on. */
export function AdminLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedInAdmin = useAuth((state) => state.isAuthenticated && state.user?.role === 'admin');
  const target = backTo(location.state);
  if (signedInAdmin) return <Navigate to={target} replace />;
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-sm flex-col justify-center gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-semibold">Shop console</h1>
        <p className="mt-1 text-slate-600">Sign in with an administrator’s account.</p>
      </div>
      <AdminLoginForm onSignedIn={() => navigate(target, { replace: true })} />
      <Link to={paths.home} reloadDocument className="text-center text-sm text-brand hover:underline">
        Go to the shop
      </Link>
    </main>
  );
}
