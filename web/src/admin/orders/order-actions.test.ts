import { can, type StaffRole } from '@/admin/shared/permissions';
import type { Order, OrderStatus } from '@/api/types';
import { staffUser } from '@/testing/admin';
import { mayRefund, type OrderAction, orderActions, refundLeft, roleAllows } from './order-actions';

type Case = [OrderStatus, Order['fulfilment'], Order['paymentMethod'], Order['paymentStatus'], string[]];

// The server's status machine (domain/order.rs `may_become`) and its cash rule, read as a table.
const CASES: Case[] = [
  ['placed', 'pickup', 'cod', 'unpaid', ['paid', 'ready_for_pickup', 'cancelled']],
  ['placed', 'pickup', 'card', 'paid', ['ready_for_pickup', 'cancelled']],
  ['ready_for_pickup', 'pickup', 'cod', 'unpaid', ['paid', 'completed', 'cancelled']],
  ['ready_for_pickup', 'pickup', 'cod', 'paid', ['completed', 'cancelled']],
  ['completed', 'pickup', 'cod', 'paid', []],
  ['placed', 'delivery', 'cod', 'unpaid', ['paid', 'shipped', 'cancelled']],
  ['placed', 'delivery', 'card', 'pending', ['shipped', 'cancelled']],
  ['shipped', 'delivery', 'card', 'paid', ['completed']],
  ['shipped', 'delivery', 'cod', 'unpaid', ['paid', 'completed']],
  ['completed', 'delivery', 'cod', 'unpaid', ['paid']],
  ['cancelled', 'pickup', 'cod', 'unpaid', []],
  ['cancelled', 'delivery', 'card', 'refunded', []],
  ['placed', 'delivery', 'account', 'unpaid', ['paid', 'shipped', 'cancelled']],
  ['completed', 'delivery', 'account', 'paid', []],
];

describe('orderActions', () => {
  it.each(CASES)('%s %s order paid by %s (%s) offers %j', (status, fulfilment, paymentMethod, paymentStatus, expected) => {
    expect(orderActions({ status, fulfilment, paymentMethod, paymentStatus })).toEqual(expected);
  });
});

describe('refunds', () => {
  it('leave the total less what was refunded, to the cent', () => {
    expect(refundLeft({ total: 20, refunded: 0 })).toBe(20);
    expect(refundLeft({ total: 100.3, refunded: 30.1 })).toBe(70.2);
    expect(refundLeft({ total: 20, refunded: 20 })).toBe(0);
  });

  it.each<[Order['paymentStatus'], number, boolean]>([
    ['paid', 0, true],
    ['partially_refunded', 5, true],
    ['partially_refunded', 20, false],
    ['refunded', 20, false],
    ['unpaid', 0, false],
    ['pending', 0, false],
    ['failed', 0, false],
  ])('may be given on a %s order of 20 with %d refunded: %s', (paymentStatus, refunded, expected) => {
    expect(mayRefund({ paymentStatus, total: 20, refunded })).toBe(expected);
  });
});

describe('roleAllows', () => {
  const allowed = (role: StaffRole, paymentStatus: Order['paymentStatus']) => {
    const member = staffUser(role);
    return (['paid', 'ready_for_pickup', 'shipped', 'completed', 'cancelled'] as OrderAction[]).filter((action) => roleAllows(action, { paymentStatus }, (permission) => can(member, permission)));
  };

  it.each<[StaffRole, Order['paymentStatus'], OrderAction[]]>([
    ['owner', 'paid', ['paid', 'ready_for_pickup', 'shipped', 'completed', 'cancelled']],
    ['manager', 'unpaid', ['paid', 'ready_for_pickup', 'shipped', 'completed', 'cancelled']],
    // The warehouse moves orders on, but neither takes money nor cancels.
    ['warehouse', 'unpaid', ['ready_for_pickup', 'shipped', 'completed']],
    ['warehouse', 'paid', ['ready_for_pickup', 'shipped', 'completed']],
    // Support cancels only what was never paid (unpaid, or a card payment that failed).
    ['support', 'unpaid', ['cancelled']],
    ['support', 'failed', ['cancelled']],
    ['support', 'pending', []],
    ['support', 'paid', []],
    ['support', 'partially_refunded', []],
  ])('lets %s with a payment %s take %j', (role, paymentStatus, expected) => {
    expect(allowed(role, paymentStatus)).toEqual(expected);
  });
});
