import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useAuth } from '@/features/auth';
import { formatConsoleDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useStaff } from '../api/staff';
import { statusLabel } from '../labels';
import type { StaffStatus } from '../types';
import { MemberActions, RoleCell } from './member-actions';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';
const STATUS_STYLES: Record<StaffStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  invited: 'bg-amber-100 text-amber-900',
  disabled: 'bg-slate-200 text-slate-800',
};

/** Every member of the staff and every invitation not yet accepted: the address, the role
 * (a select for a member), where they stand, when they last used the console, and what
 * may be done to them. */
export function StaffTable() {
  const staff = useStaff();
  const me = useAuth((state) => state.user?._id);
  if (staff.isPending) return <LoadingRows label="Loading the staff" />;
  if (staff.isError) return <LoadFailed error={staff.error} onRetry={() => void staff.refetch()} />;
  return (
    <div role="region" aria-label="Staff table" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">The shop’s staff and invitations</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Email</th>
            <th scope="col" className="px-3 py-2">Role</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Last seen</th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {staff.data.map((member) => (
            <tr key={member._id}>
              <th scope="row" className="break-all px-3 py-2 font-medium">
                {member.emailAddress}
                {member._id === me && <span className="font-normal text-slate-600"> (you)</span>}
              </th>
              <td className="px-3 py-2">
                <RoleCell member={member} />
              </td>
              <td className="px-3 py-2">
                <span className={cn(badge, STATUS_STYLES[member.status as StaffStatus] ?? STATUS_STYLES.disabled)}>{statusLabel(member.status)}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{member.lastSeenAt ? <time dateTime={member.lastSeenAt}>{formatConsoleDateTime(member.lastSeenAt)}</time> : <span className="text-slate-600">Never</span>}</td>
              <td className="px-3 py-2">
                <MemberActions member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
