import { describe, expect, it } from 'vitest';
import { rateText, taxRows } from './tax';

describe('tax rows', () => {
  it('reads rates as people do', () => {
    expect(rateText(20)).toBe('20%');
    expect(rateText(17.5)).toBe('17.5%');
    expect(rateText(8.25)).toBe('8.25%');
    expect(rateText(0)).toBe('0%');
  });

  it('says a tax is included when prices include it, and names it by the shop’s label', () => {
    const taxes = [
      { taxClass: 'standard', rate: 20, net: 100, tax: 20 },
      { taxClass: 'zero', rate: 0, net: 5, tax: 0 },
    ];
    const format = (amount: number) => `£${amount.toFixed(2)}`;
    expect(taxRows(taxes, true, 'VAT', format)).toEqual([
      { label: 'Includes VAT at 20%', value: '£20.00' },
      { label: 'Includes VAT at 0%', value: '£0.00' },
    ]);
    expect(taxRows(taxes, false, 'GST', format)[0]).toEqual({ label: 'GST at 20%', value: '£20.00' });
    expect(taxRows(undefined, true, 'VAT', format)).toEqual([]);
  });
});
