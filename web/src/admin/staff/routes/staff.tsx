import { InviteForm } from '../components/invite-form';
import { StaffTable } from '../components/staff-table';

/** /admin/staff (owners): who works in the console and as what, inviting someone new, and
 * changing a member's role or access. */
export function AdminStaffPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Staff</h1>
      <InviteForm />
      <StaffTable />
    </div>
  );
}
