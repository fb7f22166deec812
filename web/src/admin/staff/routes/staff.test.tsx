import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import { ADMIN, signInAsAdmin, staffUser } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';
import type { StaffMember } from '../types';

const OWNER: StaffMember = { _id: ADMIN._id, emailAddress: ADMIN.emailAddress, role: 'owner', status: 'active', lastSeenAt: '2026-03-05T09:30:00Z' };
const MANAGER: StaffMember = { _id: 'm'.padStart(24, '0'), emailAddress: 'mia@example.com', role: 'manager', status: 'active', lastSeenAt: '2026-03-04T17:05:00Z' };
const PACKER: StaffMember = { _id: 'w'.padStart(24, '0'), emailAddress: 'wes@example.com', role: 'warehouse', status: 'disabled', lastSeenAt: null };
const INVITED: StaffMember = { _id: 'i'.padStart(24, '0'), emailAddress: 'sam@example.com', role: 'support', status: 'invited', lastSeenAt: null };

type Call = { method: string; path: string; body: unknown };

/** GET /admin/staff over `start`, and the changes as the server makes them, each recorded;
 * `refuse` answers a PATCH with a 409 instead. */
function staffApi(start: StaffMember[], refuse?: string) {
  let staff = start;
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get('*/api/admin/staff', () => envelope({ staff }, 'Staff')),
    http.post('*/api/admin/staff', async ({ request }) => {
      await record(request.clone());
      const body = (await request.json()) as { emailAddress: string; role: string };
      const member: StaffMember = { _id: 'n'.padStart(24, '0'), emailAddress: body.emailAddress, role: body.role, status: 'invited', lastSeenAt: null };
      staff = [...staff, member];
      return envelope({ member }, 'Invitation sent');
    }),
    http.patch('*/api/admin/staff/:id', async ({ request, params }) => {
      await record(request.clone());
      if (refuse) return failure(409, refuse);
      const body = (await request.json()) as { role?: string; disabled?: boolean };
      staff = staff.map((member) =>
        member._id === params.id
          ? { ...member, ...(body.role && { role: body.role }), ...(body.disabled !== undefined && { status: body.disabled ? 'disabled' : 'active' }) }
          : member,
      );
      return envelope({ member: staff.find((member) => member._id === params.id) }, 'Staff member updated');
    }),
    http.post('*/api/admin/staff/:id/resend-invite', async ({ request }) => {
      await record(request);
      return envelope({}, 'Invitation sent again');
    }),
    http.delete('*/api/admin/staff/:id', async ({ request, params }) => {
      await record(request);
      staff = staff.filter((member) => member._id !== params.id);
      return envelope({}, 'Invitation withdrawn');
    }),
  );
  return calls;
}

async function openStaff() {
  renderRoutes(routes, '/admin/staff');
  expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
  return screen.findByRole('table');
}

const table = () => screen.getByRole('table');
const row = (email: string) => within(table()).getByRole('rowheader', { name: new RegExp(email) }).closest('tr')!;
const cells = (tr: HTMLElement) => within(tr).getAllByRole('cell').map((cell) => cell.textContent);
const roleSelect = (email: string) => screen.getByRole('combobox', { name: `Role of ${email}` });
const invite = () => screen.getByRole('region', { name: 'Invite' });

beforeEach(signInAsAdmin);
afterEach(resetStores);

describe('Console staff page', () => {
  it('lists every member and invitation: address, role, status, last seen, and what may be done to each', async () => {
    staffApi([OWNER, MANAGER, PACKER, INVITED]);
    await openStaff();
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Email', 'Role', 'Status', 'Last seen', 'Actions']);
    expect(within(table()).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['admin@example.com (you)', 'mia@example.com', 'wes@example.com', 'sam@example.com']);
    expect(roleSelect('admin@example.com')).toHaveValue('owner');
    expect(roleSelect('mia@example.com')).toHaveValue('manager');
    expect(within(roleSelect('mia@example.com')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Owner', 'Manager', 'Warehouse', 'Support']);
    expect(roleSelect('wes@example.com')).toHaveValue('warehouse');
    // An invitation's role stays as it was sent.
    expect(screen.queryByRole('combobox', { name: 'Role of sam@example.com' })).not.toBeInTheDocument();
    expect(cells(row('admin@example.com')).slice(1)).toEqual(['Active', 'Mar 05, 2026, 09:30 UTC', 'Disable']);
    expect(cells(row('mia@example.com')).slice(1)).toEqual(['Active', 'Mar 04, 2026, 17:05 UTC', 'Disable']);
    expect(cells(row('wes@example.com')).slice(1)).toEqual(['Disabled', 'Never', 'Enable']);
    expect(cells(row('sam@example.com'))).toEqual(['Support', 'Invited', 'Never', 'Resend invitationWithdraw invitation']);
  });

  it('checks the invitation before sending, then sends it, lists it, and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = staffApi([OWNER]);
    await openStaff();
    fireEvent.click(within(invite()).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite()).findByText('Email is required')).toBeInTheDocument();
    expect(within(invite()).getByText('Choose owner, manager, warehouse or support')).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(within(invite()).getByLabelText('Email'), { target: { value: ' sam@example.com ' } });
    fireEvent.change(within(invite()).getByLabelText('Role'), { target: { value: 'support' } });
    fireEvent.click(within(invite()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation sent'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/admin/staff', body: { emailAddress: 'sam@example.com', role: 'support' } }]);
    expect(await screen.findByRole('rowheader', { name: 'sam@example.com' })).toBeInTheDocument();
    expect(cells(row('sam@example.com')).slice(0, 2)).toEqual(['Support', 'Invited']);
    expect(within(invite()).getByLabelText('Email')).toHaveValue('');
    expect(within(invite()).getByLabelText('Role')).toHaveValue('');
  });

  it('shows a 409 above the button and the server’s field errors under their fields, listing nobody new', async () => {
    staffApi([OWNER, MANAGER]);
    server.use(http.post('*/api/admin/staff', () => failure(409, 'This address is already on the staff')));
    await openStaff();
    fireEvent.change(within(invite()).getByLabelText('Email'), { target: { value: 'mia@example.com' } });
    fireEvent.change(within(invite()).getByLabelText('Role'), { target: { value: 'manager' } });
    fireEvent.click(within(invite()).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite()).findByRole('alert')).toHaveTextContent('This address is already on the staff');
    expect(within(table()).getAllByRole('rowheader')).toHaveLength(2);
    expect(within(invite()).getByLabelText('Email')).toHaveValue('mia@example.com');

    server.use(
      http.post('*/api/admin/staff', () => Response.json({ success: false, message: 'Enter a valid e-mail address', errors: { emailAddress: 'Enter a valid e-mail address' } }, { status: 400 })),
    );
    fireEvent.click(within(invite()).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite()).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(invite()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(invite()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes a member’s role as soon as another is chosen', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = staffApi([OWNER, MANAGER]);
    await openStaff();
    fireEvent.change(roleSelect('mia@example.com'), { target: { value: 'warehouse' } });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Staff member updated'));
    expect(calls).toEqual([{ method: 'PATCH', path: `/api/admin/staff/${MANAGER._id}`, body: { role: 'warehouse' } }]);
    expect(roleSelect('mia@example.com')).toHaveValue('warehouse');
  });

  it('follows an owner who made themself a manager: the session takes the new role, and the page is no longer theirs', async () => {
    staffApi([OWNER, { ...MANAGER, role: 'owner' }]);
    server.use(http.get('*/api/auth/user', () => envelope({ user: { ...staffUser('manager', { _id: ADMIN._id, emailAddress: ADMIN.emailAddress }), trade: null } }, 'User')));
    await openStaff();
    fireEvent.change(roleSelect('admin@example.com'), { target: { value: 'manager' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0];
    expect(within(nav).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('keeps the last owner an owner: the 409 is a toast and the row keeps its values', async () => {
    const error = vi.spyOn(toast, 'error');
    const calls = staffApi([OWNER, MANAGER], 'The shop needs at least one owner');
    await openStaff();
    fireEvent.change(roleSelect('admin@example.com'), { target: { value: 'manager' } });
    await waitFor(() => expect(error).toHaveBeenCalledWith('The shop needs at least one owner'));
    expect(calls).toEqual([{ method: 'PATCH', path: `/api/admin/staff/${OWNER._id}`, body: { role: 'manager' } }]);
    await waitFor(() => expect(roleSelect('admin@example.com')).toHaveValue('owner'));
    expect(roleSelect('admin@example.com')).toBeEnabled();

    fireEvent.click(within(row('admin@example.com')).getByRole('button', { name: 'Disable admin@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Disable admin@example.com?' })).getByRole('button', { name: 'Yes, disable' }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: `/api/admin/staff/${OWNER._id}`, body: { disabled: true } });
    expect(cells(row('admin@example.com')).slice(1, 2)).toEqual(['Active']);
  });

  it('disables and enables a member, each after a confirmation', async () => {
    const calls = staffApi([OWNER, MANAGER]);
    await openStaff();
    fireEvent.click(within(row('mia@example.com')).getByRole('button', { name: 'Disable mia@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable mia@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep them active' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(within(row('mia@example.com')).getByRole('button', { name: 'Disable mia@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable mia@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, disable' }));
    expect(await within(row('mia@example.com')).findByRole('button', { name: 'Enable mia@example.com' })).toBeInTheDocument();
    expect(cells(row('mia@example.com'))[1]).toBe('Disabled');

    fireEvent.click(within(row('mia@example.com')).getByRole('button', { name: 'Enable mia@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Enable mia@example.com?' })).getByRole('button', { name: 'Yes, enable' }));
    expect(await within(row('mia@example.com')).findByRole('button', { name: 'Disable mia@example.com' })).toBeInTheDocument();
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', `/api/admin/staff/${MANAGER._id}`, { disabled: true }],
      ['PATCH', `/api/admin/staff/${MANAGER._id}`, { disabled: false }],
    ]);
  });

  it('sends an invitation again', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = staffApi([OWNER, INVITED]);
    await openStaff();
    fireEvent.click(within(row('sam@example.com')).getByRole('button', { name: 'Resend invitation to sam@example.com' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation sent again'));
    expect(calls).toEqual([{ method: 'POST', path: `/api/admin/staff/${INVITED._id}/resend-invite`, body: {} }]);
    expect(screen.getByRole('rowheader', { name: 'sam@example.com' })).toBeInTheDocument();
  });

  it('withdraws an invitation after a confirmation, and lists it no more', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = staffApi([OWNER, INVITED]);
    await openStaff();
    fireEvent.click(within(row('sam@example.com')).getByRole('button', { name: 'Withdraw invitation to sam@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation to sam@example.com?' });
    expect(dialog).toHaveTextContent('The link they were sent stops working.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'sam@example.com' })).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Invitation withdrawn');
    expect(calls).toEqual([{ method: 'DELETE', path: `/api/admin/staff/${INVITED._id}`, body: {} }]);
  });

  it('says why the staff could not be loaded, and tries again', async () => {
    server.use(http.get('*/api/admin/staff', () => failure(500, 'Failed to load the staff')));
    renderRoutes(routes, '/admin/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the staff');
    staffApi([OWNER]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
