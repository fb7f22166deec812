import type { User } from '@/api/types';
import { apiSend } from '@/lib/api-client';

export function editProfile(fields: { fullName?: string; phoneNumber?: string; profilePicture?: File | null }): Promise<User> {
  const form = new FormData();
  if (fields.fullName !== undefined) form.set('fullName', fields.fullName);
  if (fields.phoneNumber !== undefined) form.set('phoneNumber', fields.phoneNumber);
  if (fields.profilePicture) form.set('profilePicture', fields.profilePicture);
  return apiSend<{ user: User }>('PATCH', '/auth/edit-profile', form, 'Failed to update profile').then((data) => data.user);
}
