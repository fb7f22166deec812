import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { changePassword, deleteAccount, editProfile } from '@/features/auth/api/auth';
import { AvatarPicker } from '@/features/auth/components/avatar-picker';
import { profileSettingsSchema, type ProfileSettingsForm } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** Profile Settings (spec §2): the profile, a password change by e-mailed link, and
 * deleting the account. */
export function Component() {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Profile Settings</h1>
      <ProfileSection />
      <PasswordSection />
      <DeleteSection />
    </div>
  );
}

function ProfileSection() {
  const { user, setUser } = useAuth();
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<ProfileSettingsForm>({
    resolver: zodResolver(profileSettingsSchema),
    defaultValues: { fullName: user?.fullName ?? '', phoneNumber: user?.phoneNumber ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ fullName, phoneNumber }) => {
    setSaving(true);
    try {
      const updated = await editProfile({ fullName, phoneNumber, profilePicture: photo });
      setUser(updated);
      setPhoto(null);
      toast.success('Profile updated successfully!');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update profile. Please try again.'));
    } finally {
      setSaving(false);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 p-5" aria-label="Profile">
      <p className="text-sm text-slate-600">
        Email: <span className="font-medium text-slate-900">{user?.emailAddress}</span>
      </p>
      <AvatarPicker fullName={user?.fullName} photo={user?.profilePhoto} file={photo} onFile={setPhoto} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Your Full Name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <FormField label="Phone Number" type="tel" autoComplete="tel" error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!current) {
      setError('Please enter your current password');
      return;
    }
    setSending(true);
    try {
      await changePassword(current);
      setCurrent('');
      setError(null);
      toast.info('Password reset code sent to your email');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send the password reset link'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form noValidate onSubmit={send} className="space-y-4 rounded-lg border border-slate-200 p-5" aria-label="Update Password">
      <div>
        <h2 className="text-lg font-semibold">Update Password</h2>
        <p className="text-sm text-slate-600">We will e-mail you a link to choose a new password.</p>
      </div>
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={current}
        error={error ?? undefined}
        onChange={(event) => {
          setCurrent(event.target.value);
          setError(null);
        }}
        className="max-w-sm"
      />
      <Button type="submit" variant="outline" disabled={sending}>
        {sending ? 'Sending...' : 'Send Code'}
      </Button>
    </form>
  );
}

function DeleteSection() {
  const navigate = useNavigate();
  const { signOut, track, isLoading } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password.trim()) return;
    try {
      await track(deleteAccount(password));
      // Home first (its code loaded): signed out here, the guard would send the
      // shopper to /login instead.
      await navigate(paths.home);
      signOut();
      toast.success('Account deleted successfully!');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete account'));
    }
  };
  return (
    <section aria-labelledby="delete-heading" className="space-y-3 rounded-lg border border-red-200 p-5">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-700">
        Delete Account
      </h2>
      <p className="text-sm text-slate-600">Your account, profile, cart and wishlist are removed for good. Your reviews stay, without your name.</p>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
            Delete Account
          </Button>
        </DialogTrigger>
        <DialogContent title="Delete Account" description="Enter your current password to delete your account. This cannot be undone.">
          <form noValidate onSubmit={remove} className="space-y-4">
            <FormField
              label="Current Password"
              type="password"
              autoComplete="current-password"
              value={password}
              error={error ?? undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
            />
            <Button type="submit" className="w-full bg-red-600 hover:bg-red-700" disabled={!password.trim() || isLoading}>
              {isLoading ? 'Deleting... Account' : 'Delete Account'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
