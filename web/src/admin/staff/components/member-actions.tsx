import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/admin/shared/components/confirm-dialog';
import { selectClass } from '@/admin/shared/components/filter-controls';
import { isStaffRole, ROLE_LABELS, roleLabel, STAFF_ROLES, type StaffRole } from '@/admin/shared/permissions';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useResendInvite, useUpdateStaff, useWithdrawInvite } from '../api/staff';
import type { StaffMember } from '../types';

const button = 'h-11 md:h-9';

/** How a row says what a change did: the server's sentence as a toast; a refusal (the
 * last owner's 409, a member gone) as an error toast, the row left as it was. */
const done = (fallback: string) => ({ message }: { message: string }) => void toast.success(message || fallback);
const refused = (fallback: string) => (error: Error) => void toast.error(errorMessage(error, fallback));

/** A member's role, changed as soon as another is chosen (an invitation's stays as it was
 * sent: withdraw it and invite again). While the change is on its way the choice shows;
 * refused, the select is back on the role the member keeps. */
export function RoleCell({ member }: { member: StaffMember }) {
  const update = useUpdateStaff(member._id);
  const [asked, setAsked] = useState<StaffRole | null>(null);
  const label = roleLabel(member.role);
  if (member.status === 'invited') return <>{label}</>;
  return (
    <select
      aria-label={`Role of ${member.emailAddress}`}
      value={update.isPending && asked ? asked : member.role}
      disabled={update.isPending}
      onChange={(event) => {
        const role = event.target.value;
        if (!isStaffRole(role) || role === member.role) return;
        setAsked(role);
        update.mutate({ role }, { onSuccess: done('Staff member updated'), onError: refused('Failed to change the role') });
      }}
      className={`${selectClass} max-w-[10rem]`}
    >
      {/* A role this console does not know yet is still shown as it is. */}
      {!isStaffRole(member.role) && <option value={member.role}>{label}</option>}
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** What may be done to a row: a member disabled or enabled (after a confirmation); an
 * invitation sent again, or withdrawn (after a confirmation). */
export function MemberActions({ member }: { member: StaffMember }) {
  if (member.status === 'invited') return <InvitationActions member={member} />;
  return <AccessButton member={member} />;
}

function AccessButton({ member }: { member: StaffMember }) {
  const update = useUpdateStaff(member._id);
  const disabling = member.status === 'active';
  const who = member.emailAddress;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className={disabling ? `${button} border-red-300 text-red-700 hover:bg-red-50` : button} disabled={update.isPending} aria-label={`${disabling ? 'Disable' : 'Enable'} ${who}`}>
          {disabling ? 'Disable' : 'Enable'}
        </Button>
      }
      title={disabling ? `Disable ${who}?` : `Enable ${who}?`}
      description={
        disabling
          ? 'They are signed out of the console at once and cannot sign in until they are enabled again. What they did stays in the activity log.'
          : 'They can sign in to the console again, with the role they have.'
      }
      keepLabel={disabling ? 'Keep them active' : 'Keep them disabled'}
      confirmLabel={disabling ? 'Yes, disable' : 'Yes, enable'}
      safe={!disabling}
      onConfirm={() => update.mutate({ disabled: disabling }, { onSuccess: done('Staff member updated'), onError: refused(`Failed to ${disabling ? 'disable' : 'enable'} ${who}`) })}
    />
  );
}

function InvitationActions({ member }: { member: StaffMember }) {
  const resend = useResendInvite(member._id);
  const withdraw = useWithdrawInvite(member._id);
  const who = member.emailAddress;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        className={button}
        disabled={resend.isPending}
        aria-label={`Resend invitation to ${who}`}
        onClick={() => resend.mutate(undefined, { onSuccess: done('Invitation sent again'), onError: refused('Failed to send the invitation again') })}
      >
        {resend.isPending ? 'Sending...' : 'Resend invitation'}
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className={`${button} border-red-300 text-red-700 hover:bg-red-50`} disabled={withdraw.isPending} aria-label={`Withdraw invitation to ${who}`}>
            Withdraw invitation
          </Button>
        }
        title={`Withdraw the invitation to ${who}?`}
        description="The link they were sent stops working. You can invite them again later."
        keepLabel="Keep the invitation"
        confirmLabel="Yes, withdraw"
        onConfirm={() => withdraw.mutate(undefined, { onSuccess: done('Invitation withdrawn'), onError: refused('Failed to withdraw the invitation') })}
      />
    </div>
  );
}
