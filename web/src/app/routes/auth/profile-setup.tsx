import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { ProfileSetupForm } from '@/features/auth/components/profile-setup-form';
import { useAuth } from '@/features/auth/store';
import { useDocumentTitle } from '@/lib/page-title';

/** /profile-setup (spec §2): photo, full name and phone after verifying the e-mail. */
export function Component() {
  useDocumentTitle('Setup Profile');
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return <Navigate to={paths.login} replace />;
  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Setup Profile</h1>
        <p className="mt-1 text-slate-600">You can update these details later in your profile settings.</p>
      </div>
      <ProfileSetupForm />
    </div>
  );
}
