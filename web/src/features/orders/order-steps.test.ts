import { order } from '@/testing/orders';
import { orderSteps, statusLabel } from './order-steps';

const at = (day: number) => `2026-03-0${day}T10:00:00Z`;

describe('an order’s steps', () => {
  it('reads Placed, Ready for pickup, Collected for pickup; the steps not reached have no date', () => {
    expect(orderSteps(order({ events: [{ type: 'placed', at: at(1), note: null }] }))).toEqual([
      { label: 'Placed', at: at(1) },
      { label: 'Ready for pickup', at: undefined },
      { label: 'Collected', at: undefined },
    ]);
  });

  it('reads Placed, Shipped, Delivered for delivery, with Paid and Refunded when they happened', () => {
    const delivered = order({
      fulfilment: 'delivery',
      status: 'completed',
      events: [
        { type: 'placed', at: at(1), note: null },
        { type: 'paid', at: at(2), note: null },
        { type: 'shipped', at: at(3), note: null },
        { type: 'completed', at: at(4), note: null },
      ],
    });
    expect(orderSteps(delivered).map((step) => [step.label, step.at])).toEqual([
      ['Placed', at(1)],
      ['Paid', at(2)],
      ['Shipped', at(3)],
      ['Delivered', at(4)],
    ]);
    expect(statusLabel(delivered)).toBe('Delivered');
  });

  it('ends a cancelled order at Cancelled, dropping the steps it will never reach', () => {
    const cancelled = order({
      status: 'cancelled',
      events: [
        { type: 'placed', at: at(1), note: null },
        { type: 'ready_for_pickup', at: at(2), note: null },
        { type: 'cancelled', at: at(3), note: 'Cancelled at your request' },
        { type: 'refunded', at: at(4), note: null },
      ],
    });
    expect(orderSteps(cancelled)).toEqual([
      { label: 'Placed', at: at(1) },
      { label: 'Ready for pickup', at: at(2) },
      { label: 'Cancelled', at: at(3), note: 'Cancelled at your request', cancelled: true },
      { label: 'Refunded', at: at(4) },
    ]);
    expect(statusLabel(cancelled)).toBe('Cancelled');
  });

  it('names each status for the way the order is fulfilled', () => {
    expect(statusLabel({ status: 'placed', fulfilment: 'pickup' })).toBe('Placed');
    expect(statusLabel({ status: 'ready_for_pickup', fulfilment: 'pickup' })).toBe('Ready for pickup');
    expect(statusLabel({ status: 'shipped', fulfilment: 'delivery' })).toBe('Shipped');
    expect(statusLabel({ status: 'completed', fulfilment: 'pickup' })).toBe('Collected');
  });
});
