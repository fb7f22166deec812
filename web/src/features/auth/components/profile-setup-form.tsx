import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { editProfile } from '@/features/auth/api/edit-profile';
import { AvatarPicker } from '@/features/auth/components/avatar-picker';
import { profileSchema, type ProfileForm as ProfileValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';
import { PHONE_HINT } from '@/lib/phone';

/** Photo, full name and phone for a new account (spec §2); success goes to
 * /register-success. */
export function ProfileSetupForm() {
  const navigate = useNavigate();
  const { user, track, setUser, isLoading } = useAuth();
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: user?.fullName ?? '', phoneNumber: user?.phoneNumber ?? '' },
  });
  const { errors } = form.formState;
  // The initial in the picker follows the name as it is typed.
  const typedName = useWatch({ control: form.control, name: 'fullName' });

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
    <form noValidate onSubmit={submit} className="space-y-4">
      <AvatarPicker fullName={typedName} file={photo} onFile={setPhoto} />
      <FormField label="Full Name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
      <FormField label="Phone Number" type="tel" autoComplete="tel" hint={PHONE_HINT} error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
      <Button type="submit" className="h-11 w-full" disabled={isLoading}>
        {isLoading ? 'Saving...' : 'Continue'}
      </Button>
    </form>
  );
}
