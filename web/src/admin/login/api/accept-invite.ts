import type { components } from '@/api/schema';
import type { Session } from '@/api/types';
import { apiSend } from '@/lib/api-client';

/** POST /auth/admin/accept-invite (no session needed): the invitation's `token` from the
 * mailed link and the new member's password. Answers as the console login does, with the
 * new member signed in: 'Welcome to the staff'. 400 `errors.password` (the sign-up rule's
 * messages), or 'This invitation link is invalid, used or expired. Ask an owner for a new
 * one.' (`errors.token` for an empty token). */
export const acceptInvite = (body: components['schemas']['AcceptInviteRequest']) => apiSend<Session>('POST', '/auth/admin/accept-invite', body, 'Failed to join the staff');
