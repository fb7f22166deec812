import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { isStaff } from '@/admin/shared/permissions';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';

/** Where the login page sends the member of staff back to. */
export interface AdminLoginState {
  from?: string;
}

/** Every console page but the login and the invitation's: a guest (or one whose session
 * just ended) goes to the login page and comes back after signing in; a signed-in
 * customer is told the console is not for them. Any role of the staff comes in: what it
 * may open is each page's guard's to say (app/not-allowed.tsx). */
export function RequireAdmin() {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();
  if (!isAuthenticated || !user) {
    const state: AdminLoginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={adminPaths.login} replace state={state} />;
  }
  if (!isStaff(user)) return <NotAllowed emailAddress={user.emailAddress} />;
  return <Outlet />;
}

/** A customer's account at the console: what it is, and the two ways on. */
function NotAllowed({ emailAddress }: { emailAddress: string }) {
  const signOut = useAuth((state) => state.signOut);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">You can’t open the shop’s console</h1>
      <p className="break-words text-slate-600">
        You are signed in as {emailAddress}, a customer account. Only the shop’s staff can work here.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild className="h-11">
          <Link to={paths.home} reloadDocument>Go to the shop</Link>
        </Button>
        <Button variant="outline" className="h-11" onClick={signOut}>
          Sign out
        </Button>
      </div>
      <p className="text-sm text-slate-600">Signing out lets you sign in here with a staff account.</p>
    </main>
  );
}
