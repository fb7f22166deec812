import { DeleteAccountSection } from '@/features/auth/components/delete-account-section';
import { EditProfileForm } from '@/features/auth/components/edit-profile-form';
import { UpdatePasswordForm } from '@/features/auth/components/update-password-form';
import { useDocumentTitle } from '@/lib/page-title';

/** Profile Settings (spec §2): the profile, a password change by e-mailed link, and
 * deleting the account. */
export function Component() {
  useDocumentTitle('Profile Settings');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Profile Settings</h1>
      <EditProfileForm />
      <UpdatePasswordForm />
      <DeleteAccountSection />
    </div>
  );
}
