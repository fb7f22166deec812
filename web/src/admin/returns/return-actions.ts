// What staff may do to a return from where it stands (the server's moves: requested →
// approved or rejected, approved → received or rejected, received → refunded), mirrored so
// the page offers only what will be accepted. The server still decides: a refusal ('This
// return is refunded') is shown in its words. What the signed-in role may do of it is the
// server's role table, mirrored the same way (`ACTION_PERMISSIONS`).
import type { Permission } from '@/admin/shared/permissions';
import type { Return, ReturnStatus } from './types';

export type ReturnAction = 'approve' | 'reject' | 'receive' | 'refund';

const ACTIONS: Record<ReturnStatus, ReturnAction[]> = {
  requested: ['approve', 'reject'],
  approved: ['receive', 'reject'],
  received: ['refund'],
  rejected: [],
  cancelled: [],
  refunded: [],
};

/** What each action needs of the role: receiving is the warehouse's, deciding (approve,
 * reject, refund or close) returns.decide. */
export const ACTION_PERMISSIONS: Record<ReturnAction, Permission> = {
  approve: 'returns.decide',
  reject: 'returns.decide',
  receive: 'returns.receive',
  refund: 'returns.decide',
};

/** The actions the return allows now, in the order the page shows them. */
export const returnActions = (status: ReturnStatus): ReturnAction[] => ACTIONS[status] ?? [];

/** How many units the return holds: its lines' quantities added up. */
export const itemCount = (ret: Pick<Return, 'lines'>) => ret.lines.reduce((sum, line) => sum + line.quantity, 0);

/** `amount` with `fee` added (`sign` 1) or taken off (−1), worked out in cents so 12.1 +
 * 4.2 is 16.3, never below 0. */
export const addMoney = (amount: number, fee: number, sign: 1 | -1 = 1) => Math.max(0, Math.round(amount * 100) + sign * Math.round(fee * 100)) / 100;

/** What a move's form tells the page once the move is sent: done (the server's sentence,
 * shown as a toast) or refused in words that belong to no field. */
export interface MoveOutcome {
  onDone: (message: string) => void;
  onRefused: (message: string) => void;
}
