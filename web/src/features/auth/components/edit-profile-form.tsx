import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { editProfile } from '@/features/auth/api/edit-profile';
import { AvatarPicker } from '@/features/auth/components/avatar-picker';
import { profileSettingsSchema, type ProfileSettingsForm as ProfileSettingsValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/store';
import { errorMessage } from '@/lib/errors';
import { PHONE_HINT } from '@/lib/phone';

/** Profile Settings' profile (spec §2): the e-mail, the photo, full name and phone,
 * saved in place. */
export function EditProfileForm() {
  const { user, setUser } = useAuth();
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<ProfileSettingsValues>({
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
        Email: <span className="font-medium text-slate-900 wrap-anywhere">{user?.emailAddress}</span>
      </p>
      <AvatarPicker fullName={user?.fullName} photo={user?.profilePhoto} file={photo} onFile={setPhoto} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Your Full Name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <FormField label="Phone Number" type="tel" autoComplete="tel" hint={PHONE_HINT} error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
