import { render, screen } from '@testing-library/react';
import { QuantityBreaks } from './quantity-breaks';

const breaks = [
  { minQuantity: 10, price: 8.5 },
  { minQuantity: 50, price: 7.25 },
];
const format = (amount: number) => `$${amount.toFixed(2)}`;

describe('QuantityBreaks (docs/DESIGN.md §11)', () => {
  it.each([
    [undefined, 'Price each'],
    ['each', 'Price each'],
    ['m', 'Price per metre'],
    ['pack', 'Price per pack'],
  ])('heads the price column by the unit of sale (%s: %s)', (unit, heading) => {
    render(<QuantityBreaks breaks={breaks} unit={unit} format={format} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Quantity', heading]);
    expect(screen.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['10+$8.50', '50+$7.25']);
  });
});
