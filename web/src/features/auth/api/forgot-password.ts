import { apiSend } from '@/lib/api-client';

export const forgotPassword = (emailAddress: string) => apiSend<unknown>('POST', '/auth/forgot-password', { emailAddress }, 'Failed to send reset email');
