import { act, renderHook } from '@testing-library/react';
import { useAuth } from '@/features/auth';
import { ROLE_PERMISSIONS, signInAs, staffUser } from '@/testing/admin';
import { resetStores } from '@/testing/render';
import { user } from '@/testing/server';
import { can, isStaff, PERMISSIONS, roleLabel, STAFF_ROLES, useCan, usePermissions } from './permissions';

afterEach(resetStores);

describe('The console’s permissions', () => {
  it('names every permission of the contract once, in its order', () => {
    expect(PERMISSIONS).toEqual([
      'dashboard',
      'orders.view',
      'orders.move',
      'orders.cancel',
      'orders.cancel_unpaid',
      'orders.mark_paid',
      'orders.refund',
      'orders.note',
      'catalogue.view',
      'catalogue.edit',
      'stock',
      'csv',
      'customers.view',
      'customers.manage',
      'reviews',
      'promo_codes',
      'returns.view',
      'returns.receive',
      'returns.decide',
      'trade',
      'delivery_methods',
      'activity',
      'settings',
      'staff',
      'webhooks',
    ]);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('allows a member of staff what their permissions name, and nothing else', () => {
    const warehouse = staffUser('warehouse');
    expect(can(warehouse, 'stock')).toBe(true);
    expect(can(warehouse, 'orders.move')).toBe(true);
    expect(can(warehouse, 'orders.cancel')).toBe(false);
    expect(can(warehouse, 'catalogue.edit')).toBe(false);
    for (const permission of PERMISSIONS) expect(can(staffUser('owner'), permission)).toBe(true);
    expect(PERMISSIONS.filter((permission) => !can(staffUser('manager'), permission))).toEqual(['settings', 'staff', 'webhooks']);
  });

  it('allows nothing to a guest, a customer, a role it does not know, or a member whose permissions have not come yet', () => {
    expect(can(null, 'dashboard')).toBe(false);
    expect(can(undefined, 'dashboard')).toBe(false);
    // A customer's list is empty; even one that named a permission would not be staff.
    expect(can({ ...user(), permissions: ['dashboard'] }, 'dashboard')).toBe(false);
    expect(can({ role: 'admin', permissions: ['dashboard'] }, 'dashboard')).toBe(false);
    expect(can({ role: 'owner' }, 'dashboard')).toBe(false);
    expect(can({ role: 'owner', permissions: null }, 'dashboard')).toBe(false);
  });

  it('knows the staff’s roles and words them', () => {
    expect(STAFF_ROLES.map((role) => [isStaff({ role }), roleLabel(role)])).toEqual([
      [true, 'Owner'],
      [true, 'Manager'],
      [true, 'Warehouse'],
      [true, 'Support'],
    ]);
    expect(isStaff(user())).toBe(false);
    expect(isStaff(null)).toBe(false);
    expect(roleLabel('customer')).toBe('Customer');
    expect(roleLabel('auditor')).toBe('auditor');
  });

  it('useCan and usePermissions follow the signed-in member, and allow nothing once they sign out', () => {
    signInAs('support');
    const { result } = renderHook(() => ({ note: useCan('orders.note'), refund: useCan('orders.refund'), allowed: usePermissions() }));
    expect(result.current.note).toBe(true);
    expect(result.current.refund).toBe(false);
    expect(ROLE_PERMISSIONS.support.every((permission) => result.current.allowed(permission))).toBe(true);
    expect(result.current.allowed('catalogue.view')).toBe(false);

    act(() => signInAs('manager'));
    expect(result.current.refund).toBe(true);
    expect(result.current.allowed('settings')).toBe(false);

    act(() => useAuth.getState().signOut());
    expect(result.current.note).toBe(false);
    expect(result.current.allowed('dashboard')).toBe(false);
  });
});
