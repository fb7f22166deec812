import type { Credentials, Session } from '@/api/types';
import { apiSend } from '@/lib/api-client';

/** Signs an administrator in; a customer's account is refused with 403 'Administrator
 * access required', wrong details with 401 'Invalid email or password'. */
export const adminLogin = (credentials: Required<Credentials>) => apiSend<Session>('POST', '/auth/admin/login', credentials, 'Login failed');
