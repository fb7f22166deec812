// The account calls of spec §7, each with its fallback message of spec §8.
import type { User } from '@/api/types';
import { apiGet, apiSend } from '@/lib/api-client';

export interface Session {
  user: User;
  accessToken: string;
}

export const login = (emailAddress: string, password: string) => apiSend<Session>('POST', '/auth/login', { emailAddress, password }, 'Login failed');

export function signup(emailAddress: string, password: string): Promise<Session> {
  const form = new FormData();
  form.set('emailAddress', emailAddress);
  form.set('password', password);
  return apiSend<Session>('POST', '/auth/signup', form, 'Signup failed');
}

export const verifyOtp = (emailAddress: string, otp: string) =>
  apiSend<{ user: User }>('POST', '/auth/verify-otp', { emailAddress, otp }, 'OTP verification failed').then((data) => data.user);

export const resendOtp = (emailAddress: string) => apiSend<unknown>('POST', '/auth/resend-otp', { emailAddress }, 'Failed to resend OTP');

export const getCurrentUser = () => apiGet<{ user: User }>('/auth/user').then((data) => data.user);

export const forgotPassword = (emailAddress: string) => apiSend<unknown>('POST', '/auth/forgot-password', { emailAddress }, 'Failed to send reset email');

export const verifyResetToken = (token: string) => apiSend<unknown>('POST', '/auth/verify-reset-token', { token }, 'Invalid or expired reset token');

export const resetPassword = (token: string, password: string) => apiSend<unknown>('POST', '/auth/reset-password', { token, password }, 'Failed to reset password');

export function editProfile(fields: { fullName?: string; phoneNumber?: string; profilePicture?: File | null }): Promise<User> {
  const form = new FormData();
  if (fields.fullName !== undefined) form.set('fullName', fields.fullName);
  if (fields.phoneNumber !== undefined) form.set('phoneNumber', fields.phoneNumber);
  if (fields.profilePicture) form.set('profilePicture', fields.profilePicture);
  return apiSend<{ user: User }>('PATCH', '/auth/edit-profile', form, 'Failed to update profile').then((data) => data.user);
}

export const changePassword = (currentPassword: string) => apiSend<unknown>('POST', '/auth/change-password', { currentPassword }, 'Failed to send the password reset link');

export const deleteAccount = (password: string) => apiSend<unknown>('DELETE', '/auth/delete-account', { password }, 'Failed to delete account');
