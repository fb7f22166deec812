import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { editProfile } from '@/features/auth/api/auth';
import { AvatarPicker } from '@/features/auth/components/avatar-picker';
import { profileSchema, type ProfileForm } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';

/** /profile-setup (spec §2): photo, full name and phone after verifying the e-mail. */
export function Component() {
  const navigate = useNavigate();
  const { user, isAuthenticated, track, setUser, isLoading } = useAuth();
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: user?.fullName ?? '', phoneNumber: user?.phoneNumber ?? '' },
  });
  const { errors } = form.formState;
  if (!isAuthenticated) return <Navigate to={paths.login} replace />;

  const submit = form.handleSubmit(async ({ fullName, phoneNumber }) => {
    try {
      const updated = await track(editProfile({ fullName, phoneNumber, profilePicture: photo }));
      setUser(updated);
      toast.success('Profile setup completed successfully!');
      navigate(paths.registerSuccess);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update profile. Please try again.'));
    }
  });

  return (
    <div className="mx-auto w-full max-w-sm space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Setup Profile</h1>
        <p className="mt-1 text-slate-600">You can update these details later in your profile settings.</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <AvatarPicker fullName={form.watch('fullName')} file={photo} onFile={setPhoto} />
        <FormField label="Full Name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <FormField label="Phone Number" type="tel" autoComplete="tel" error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
        <Button type="submit" className="h-11 w-full" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Continue'}
        </Button>
      </form>
    </div>
  );
}
