// What an administrator may do to an order from where it stands: the server's status
// machine (server/src/domain/order.rs `Status::may_become`) and its rule for recording
// cash (store::orders `mark_paid`) and giving a payment back (a refund), mirrored so the
// page offers only what will be accepted.
// The server still decides: a refusal is shown in its words. What the signed-in role may
// do of it is the server's role table, mirrored the same way (`roleAllows`).
import type { Permission } from '@/admin/shared/permissions';
import type { Order, OrderStatus } from '@/api/types';

/** The statuses an administrator may move an order to. */
export type OrderMove = Exclude<OrderStatus, 'placed'>;

export type OrderAction = 'paid' | OrderMove;

/** `placed` → `ready_for_pickup` (pickup) or `shipped` (delivery) → `completed`;
 * `cancelled` from `placed`, or from `ready_for_pickup` for pickup. */
export function mayBecome({ status, fulfilment }: Pick<Order, 'status' | 'fulfilment'>, next: OrderMove): boolean {
  const pickup = fulfilment === 'pickup';
  switch (`${status}→${next}`) {
    case 'placed→ready_for_pickup':
    case 'ready_for_pickup→completed':
    case 'ready_for_pickup→cancelled':
      return pickup;
    case 'placed→shipped':
    case 'shipped→completed':
      return !pickup;
    case 'placed→cancelled':
      return true;
    default:
      return false;
  }
}

/** A payment is recorded for a cash or account order not yet paid, unless it was
 * cancelled (an account order's credit is free again at once: docs/DESIGN.md §11). */
export const awaitsCash = ({ paymentMethod, paymentStatus, status }: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'>) =>
  (paymentMethod === 'cod' || paymentMethod === 'account') && paymentStatus === 'unpaid' && status !== 'cancelled';

const MOVES: OrderMove[] = ['ready_for_pickup', 'shipped', 'completed', 'cancelled'];

/** The actions the order allows now, in the order the page shows them. */
export function orderActions(order: Pick<Order, 'status' | 'fulfilment' | 'paymentMethod' | 'paymentStatus'>): OrderAction[] {
  return [...(awaitsCash(order) ? (['paid'] as const) : []), ...MOVES.filter((next) => mayBecome(order, next))];
}

/** Whether a role that has the permissions `can` allows may take `action` on the order:
 * recording a payment needs orders.mark_paid; cancelling, orders.cancel, or
 * orders.cancel_unpaid while nothing was paid (payment `unpaid` or `failed`); every other
 * move, orders.move. */
export function roleAllows(action: OrderAction, { paymentStatus }: Pick<Order, 'paymentStatus'>, can: (permission: Permission) => boolean): boolean {
  switch (action) {
    case 'paid':
      return can('orders.mark_paid');
    case 'cancelled':
      return can('orders.cancel') || ((paymentStatus === 'unpaid' || paymentStatus === 'failed') && can('orders.cancel_unpaid'));
    default:
      return can('orders.move');
  }
}

/** What is left to give back: the total less what was refunded so far, worked out in
 * cents (100.3 − 30.1 is 70.2, not 70.19999999999999). */
export const refundLeft = ({ total, refunded }: Pick<Order, 'total' | 'refunded'>) => Math.max(0, Math.round(total * 100) - Math.round(refunded * 100)) / 100;

/** A refund may be given on an order that was paid (or refunded in part) while something
 * is left of it (server: orders `refund`, 409 'Nothing has been paid on this order'). */
export const mayRefund = (order: Pick<Order, 'paymentStatus' | 'total' | 'refunded'>) =>
  (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded') && refundLeft(order) > 0;
