import { apiSend } from '@/lib/api-client';

export const verifyResetToken = (token: string) => apiSend<unknown>('POST', '/auth/verify-reset-token', { token }, 'Invalid or expired reset token');
