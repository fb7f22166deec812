import { apiSend } from '@/lib/api-client';

export const deleteAccount = (password: string) => apiSend<unknown>('DELETE', '/auth/delete-account', { password }, 'Failed to delete account');
