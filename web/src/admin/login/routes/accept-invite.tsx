import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { AcceptInviteForm } from '../components/accept-invite-form';

/** /admin/accept-invite?token=…: the mailed invitation's link, open without signing in.
 * The new member chooses a password, is signed in to the console and goes to it. */
export function AdminAcceptInvitePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-sm flex-col justify-center gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-semibold">Join the staff</h1>
        <p className="mt-1 text-slate-600">{token ? 'Choose the password you will sign in to the shop’s console with.' : 'This link has no invitation in it. Open the link from the e-mail again, or ask an owner for a new one.'}</p>
      </div>
      {token && (
        <AcceptInviteForm
          token={token}
          onJoined={() => {
            toast.success('Welcome to the staff');
            navigate(adminPaths.home, { replace: true });
          }}
        />
      )}
      <Link to={adminPaths.login} className="text-center text-sm text-brand hover:underline">
        Already on the staff? Sign in
      </Link>
    </main>
  );
}
