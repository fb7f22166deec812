// Names for the server's staff schemas (docs: the staff API), generated into
// api/schema.d.ts from the OpenAPI document.
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** A member of the staff, or an invitation not yet accepted (`status` 'invited', whose
 * `_id` is the invitation's). */
export type StaffMember = Schemas['StaffMemberView'];
export type StaffList = Schemas['StaffList'];
export type StaffMemberData = Schemas['MemberData'];
/** POST /admin/staff. */
export type InviteRequest = Schemas['InviteRequest'];
/** PATCH /admin/staff/{id}: a new role, or disabled (true) / enabled (false). */
export type StaffUpdate = Schemas['MemberChangeRequest'];

/** Where a member stands (the server sends it as text). */
export type StaffStatus = 'invited' | 'active' | 'disabled';
