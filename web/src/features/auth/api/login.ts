// The account calls of spec §7, one file each, each with its fallback message of spec §8.
import type { User } from '@/api/types';
import { apiSend } from '@/lib/api-client';

export interface Session {
  user: User;
  accessToken: string;
}

export const login = (emailAddress: string, password: string) => apiSend<Session>('POST', '/auth/login', { emailAddress, password }, 'Login failed');
