import { apiSend } from '@/lib/api-client';
import type { Session } from './login';

export function signup(emailAddress: string, password: string): Promise<Session> {
  const form = new FormData();
  form.set('emailAddress', emailAddress);
  form.set('password', password);
  return apiSend<Session>('POST', '/auth/signup', form, 'Signup failed');
}
