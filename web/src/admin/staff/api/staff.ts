// The shop's staff and their invitations (owners: the `staff` permission). At most 100
// members and invitations, so the server answers them all at once. Every change puts the
// answer in the cached list at once and reads the list again.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPostEnvelope, adminSendEnvelope } from '@/admin/shared/api/admin-call';
import type { CurrentUser } from '@/api/types';
import { useAuth } from '@/features/auth';
import type { InviteRequest, StaffList, StaffMember, StaffMemberData, StaffUpdate } from '../types';

/** The staff list in the query cache (no page of the shop shows it). */
export const STAFF_KEY = ['admin', 'staff'] as const;

const memberPath = (id: string) => `/admin/staff/${encodeURIComponent(id)}`;

/** GET /admin/staff: every member and invitation. */
export const getStaff = () => adminGet<StaffList>('/admin/staff', undefined, 'Failed to load the staff').then((data) => data.staff);

export const getStaffQueryOptions = () => queryOptions({ queryKey: STAFF_KEY, queryFn: getStaff, staleTime: 0 });

export const useStaff = () => useQuery(getStaffQueryOptions());

/** `member` as the server answered it, in its place in the cached list (a new one at its end). */
const putMember = (client: QueryClient, member: StaffMember) =>
  client.setQueryData<StaffMember[]>(STAFF_KEY, (staff) =>
    staff && (staff.some((other) => other._id === member._id) ? staff.map((other) => (other._id === member._id ? member : other)) : [...staff, member]),
  );

/** The cached list without the member or invitation `id`. */
const dropMember = (client: QueryClient, id: string) => client.setQueryData<StaffMember[]>(STAFF_KEY, (staff) => staff?.filter((other) => other._id !== id));

const readAgain = (client: QueryClient) => void client.invalidateQueries({ queryKey: STAFF_KEY });

/** After a change to one's own membership (a new role), the session's role and
 * permissions as the server now has them, so the console shows what the role allows. */
function followOwnChange(member: StaffMember) {
  const auth = useAuth.getState();
  if (auth.user?._id !== member._id) return;
  adminGet<{ user: CurrentUser }>('/auth/user', undefined, 'Failed to load your account').then(
    ({ user }) => useAuth.getState().setUser(user),
    () => undefined,
  );
}

/** POST /admin/staff: 201 `{member}` 'Invitation sent' (an invited member); 400
 * `errors.emailAddress` or `errors.role`; 409 'This address is already on the staff', 'This
 * address has been invited already: resend the invitation', 'The staff has at most 100
 * members and invitations'. */
export const inviteStaff = (body: InviteRequest) => adminPostEnvelope<StaffMemberData>('/admin/staff', body, 'Failed to send the invitation');

/** PATCH /admin/staff/{id}: `{member}` 'Staff member updated'; 404 'Staff member not
 * found'; 409 'The shop needs at least one owner' (the last active owner demoted or
 * disabled), when the member keeps what they had. */
export const updateStaff = (id: string, change: StaffUpdate) => adminSendEnvelope<StaffMemberData>('PATCH', memberPath(id), change, 'Failed to change the staff member');

/** POST /admin/staff/{id}/resend-invite: 'Invitation sent again' (a new link; the old one stops). */
export const resendInvite = (id: string) => adminPostEnvelope<unknown>(`${memberPath(id)}/resend-invite`, undefined, 'Failed to send the invitation again');

/** DELETE /admin/staff/{id} (an invitation only): 'Invitation withdrawn'; a member's 409
 * 'Only an invitation not yet accepted can be deleted: disable a member instead'. */
export const withdrawInvite = (id: string) => adminSendEnvelope<unknown>('DELETE', memberPath(id), undefined, 'Failed to withdraw the invitation');

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: ({ data }) => putMember(client, data.member),
    onSettled: () => readAgain(client),
  });
}

/** A refusal (the last owner's 409) changes nothing in the list: the row shows what the
 * member still has. */
export function useUpdateStaff(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffUpdate) => updateStaff(id, change),
    onSuccess: ({ data }) => {
      putMember(client, data.member);
      followOwnChange(data.member);
    },
    onSettled: () => readAgain(client),
  });
}

export function useResendInvite(id: string) {
  return useMutation({ mutationFn: () => resendInvite(id) });
}

export function useWithdrawInvite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawInvite(id),
    onSuccess: () => dropMember(client, id),
    onSettled: () => readAgain(client),
  });
}
