import { formatUsd } from './format';
import { firstQuantity, saleLimit, saleUnitText } from './quantity';

describe('saleLimit', () => {
  it('runs from the least a line holds, a step at a time, up to a multiple of the step', () => {
    expect(saleLimit(25, { minQuantity: 10, quantityStep: 5 })).toEqual({ min: 10, max: 25, step: 5, tooMany: 'Only 25 left in stock' });
    expect(saleLimit(23, { minQuantity: 10, quantityStep: 5 })).toEqual({ min: 10, max: 20, step: 5, tooMany: 'Only 23 left in stock' });
    // The cart's cap of 99 lands on the step below it.
    expect(saleLimit(500, { minQuantity: 10, quantityStep: 10 })).toEqual({ min: 10, max: 90, step: 10 });
  });

  it('is the plain stock limit for a product sold one at a time', () => {
    expect(saleLimit(3, { minQuantity: 1, quantityStep: 1 })).toEqual({ min: 1, max: 3, step: 1, tooMany: 'Only 3 left in stock' });
    expect(saleLimit(500, { minQuantity: 1, quantityStep: 1 })).toEqual({ min: 1, max: 99, step: 1 });
  });

  it('stays at the least a line holds when the stock cannot reach it, and says why', () => {
    expect(saleLimit(4, { minQuantity: 10, quantityStep: 10 })).toEqual({ min: 10, max: 10, step: 10, tooMany: 'Only 4 left in stock' });
    expect(saleLimit(0, { minQuantity: 10, quantityStep: 10 })).toEqual({ min: 10, max: 10, step: 10, tooMany: 'This product is out of stock' });
  });
});

describe('firstQuantity', () => {
  it('is the least a line may hold', () => {
    expect(firstQuantity({ minQuantity: 10, quantityStep: 5 })).toBe(10);
    expect(firstQuantity({ minQuantity: 1, quantityStep: 1 })).toBe(1);
  });
});

describe('saleUnitText', () => {
  it('says per metre for pipe sold by the metre', () => {
    expect(saleUnitText('m', null, 12.5, formatUsd)).toBe('per metre');
  });

  it('says how many a pack holds and what one piece costs, in the reading given', () => {
    expect(saleUnitText('pack', 10, 21, formatUsd)).toBe('Pack of 10 ($2.10 each)');
    expect(saleUnitText('pack', 3, 10, formatUsd)).toBe('Pack of 3 ($3.33 each)');
    expect(saleUnitText('pack', 10, 21, (amount) => `£${amount.toFixed(2)}`)).toBe('Pack of 10 (£2.10 each)');
  });

  it('says nothing for a product sold each', () => {
    expect(saleUnitText('each', null, 5, formatUsd)).toBeNull();
  });
});
