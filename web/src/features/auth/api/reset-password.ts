import { apiSend } from '@/lib/api-client';

export const resetPassword = (token: string, password: string) => apiSend<unknown>('POST', '/auth/reset-password', { token, password }, 'Failed to reset password');
