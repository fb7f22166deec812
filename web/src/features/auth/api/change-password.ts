import { apiSend } from '@/lib/api-client';

export const changePassword = (currentPassword: string) => apiSend<unknown>('POST', '/auth/change-password', { currentPassword }, 'Failed to send the password reset link');
