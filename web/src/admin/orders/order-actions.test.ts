import type { Order, OrderStatus } from '@/api/types';
import { orderActions } from './order-actions';

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
