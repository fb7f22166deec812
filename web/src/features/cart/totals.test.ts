import { describe, expect, it } from 'vitest';
import { cartTotals } from './totals';

describe('cartTotals', () => {
  it('is all zero for an empty cart, with no delivery fee', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, discount: 0, promoDiscount: 0, deliveryFee: 0, total: 0 });
  });

  it('takes 20% off the subtotal and adds 100 for delivery', () => {
    expect(cartTotals([{ unitPrice: 120, quantity: 2 }, { unitPrice: 60, quantity: 1 }])).toEqual({
      subtotal: 300,
      discount: 60,
      promoDiscount: 0,
      deliveryFee: 100,
      total: 340,
    });
  });

  it('adds up to the cent without floating-point drift', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    const totals = cartTotals([{ unitPrice: 0.1, quantity: 1 }, { unitPrice: 0.2, quantity: 1 }, { unitPrice: 19.99, quantity: 3 }]);
    expect(totals.subtotal).toBe(60.27);
    expect(totals.discount).toBe(12.05); // 12.054 rounds to the cent
    expect(totals.total).toBe(148.22); // 60.27 - 12.05 + 100
  });
});
