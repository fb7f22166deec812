// An invitation to the staff: an address and a role, with the server's messages.
import { z } from 'zod/mini';
import { isStaffRole } from '@/admin/shared/permissions';
import { emailAddressField } from '@/admin/shared/schemas';

/** The server's message for a role it does not know. */
export const ROLE_MESSAGE = 'Choose owner, manager, warehouse or support';

export const inviteSchema = z.object({
  emailAddress: emailAddressField(),
  // '' until one is chosen.
  role: z.string().check(z.refine((role) => isStaffRole(role), ROLE_MESSAGE)),
});
export type InviteValues = z.infer<typeof inviteSchema>;
