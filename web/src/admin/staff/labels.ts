// How the Staff page words roles and where each member stands.
import type { StaffRole } from '@/admin/shared/permissions';
import type { StaffStatus } from './types';

/** What each role may do, in a line (the server's role table; it stays the authority). */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, the settings, the staff and the webhooks among it.',
  manager: 'Everything but the settings, the staff and the webhooks.',
  warehouse: 'Orders and their moves, the products to read with their stock, returns to receive.',
  support: 'Orders (cancelling unpaid ones, notes), customers, reviews and returns to read.',
};

export const STATUS_LABELS: Record<StaffStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/** Where a member stands in words: 'Invited'; a status newer than this list as its name. */
export const statusLabel = (status: string) => STATUS_LABELS[status as StaffStatus] ?? status;
