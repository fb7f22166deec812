// What a member of staff may do in the console (docs/API.md, staff roles): the server
// sends the signed-in user's `permissions`, as their role allows, with the session and
// with GET /auth/user. The console only hides what the role may not use; the server is
// the authority, and answers a call the role may not make with 403 'Your role does not
// allow this'.
import type { User } from '@/api/types';
import { useAuth } from '@/features/auth';

/** Every permission's name, as the server spells it: an owner has them all. */
export const PERMISSIONS = [
  'dashboard',
  'orders.view',
  /** Status moves other than cancelling. */
  'orders.move',
  /** Cancelling any order. */
  'orders.cancel',
  /** Cancelling an order whose payment is `unpaid` or `failed`. */
  'orders.cancel_unpaid',
  'orders.mark_paid',
  'orders.refund',
  'orders.note',
  /** The products, their detail and stock history, read only. */
  'catalogue.view',
  /** Products (create, edit, archive, delete, photos, bulk), categories, banners, pages, search synonyms. */
  'catalogue.edit',
  /** The stock change box on a product or variant. */
  'stock',
  /** Product import and export, order export. */
  'csv',
  'customers.view',
  /** Disabling and enabling a customer. */
  'customers.manage',
  'reviews',
  'promo_codes',
  'returns.view',
  'returns.receive',
  /** Approving, rejecting, refunding and closing a return. */
  'returns.decide',
  /** Trade applications, customer groups, their prices and price breaks. */
  'trade',
  'delivery_methods',
  'activity',
  'settings',
  'staff',
  'webhooks',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The roles of the shop's staff, most powerful first. */
export const STAFF_ROLES = ['owner', 'manager', 'warehouse', 'support'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  warehouse: 'Warehouse',
  support: 'Support',
};

export const isStaffRole = (role: string | null | undefined): role is StaffRole => STAFF_ROLES.includes(role as StaffRole);

/** A role in words: 'Owner', 'Customer'; a role newer than this list as its name. */
export const roleLabel = (role: string) => (isStaffRole(role) ? ROLE_LABELS[role] : role === 'customer' ? 'Customer' : role);

/** Who the console asks about: the signed-in user, whose `permissions` the server sends. */
export type PermittedUser = Pick<User, 'role'> & { permissions?: readonly string[] | null };

/** A member of the shop's staff (any role), who may open the console. */
export const isStaff = (user: PermittedUser | null | undefined): boolean => !!user && isStaffRole(user.role);

/** Whether `user` (a member of staff) may do what `permission` names. */
export const can = (user: PermittedUser | null | undefined, permission: Permission): boolean => isStaff(user) && (user?.permissions ?? []).includes(permission);

/** Whether the signed-in member of staff may do what `permission` names. */
export const useCan = (permission: Permission): boolean => useAuth((state) => can(state.user, permission));

/** A `can` for the signed-in member of staff, for a component that asks about several
 * permissions (or one chosen by what it shows). */
export function usePermissions(): (permission: Permission) => boolean {
  const user = useAuth((state) => state.user);
  return (permission) => can(user, permission);
}
