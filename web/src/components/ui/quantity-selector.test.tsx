import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { stockLimit } from '@/lib/quantity';
import { quantityProblem, QuantitySelector } from './quantity-selector';

/** The selector as a page holds it: the quantity in state, every change recorded. */
function Held({ start = 1, ...props }: { start?: number; max?: number; tooMany?: string; step?: number; min?: number }) {
  const [value, setValue] = useState(start);
  return (
    <QuantitySelector
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
      {...props}
    />
  );
}
let changes: number[] = [];
beforeEach(() => {
  changes = [];
});

const box = () => screen.getByRole('spinbutton', { name: 'Quantity' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('QuantitySelector', () => {
  it('takes a typed quantity on Enter, and checks it as it is typed', () => {
    render(<Held />);
    type('1');
    type('10');
    expect(box()).toHaveValue('10');
    expect(box()).not.toHaveAttribute('aria-invalid');
    // Nothing is taken while typing.
    expect(changes).toEqual([]);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(changes).toEqual([10]);
    expect(box()).toHaveValue('10');
    expect(box()).toHaveAttribute('aria-valuenow', '10');
  });

  it('takes a typed quantity when the box is left', () => {
    render(<Held />);
    type('7');
    fireEvent.blur(box());
    expect(changes).toEqual([7]);
  });

  it('says why a number above the stock cannot be had, and takes the most there is', () => {
    render(<Held {...stockLimit(25)} />);
    type('30');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveAccessibleDescription('Only 25 left in stock');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(changes).toEqual([25]);
    expect(box()).toHaveValue('25');
    // The reason stays beside the quantity it explains, until the next change.
    expect(screen.getByText('Only 25 left in stock')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(changes).toEqual([25, 24]);
    expect(screen.queryByText('Only 25 left in stock')).not.toBeInTheDocument();
  });

  it('keeps at most 99 of one item however much stock there is', () => {
    render(<Held {...stockLimit(500)} />);
    type('150');
    expect(box()).toHaveAccessibleDescription('You can have at most 99 of one item');
    fireEvent.blur(box());
    expect(changes).toEqual([99]);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('brings 0 up to 1 and says the least', () => {
    render(<Held start={4} />);
    type('0');
    expect(box()).toHaveAccessibleDescription('Order at least 1');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(changes).toEqual([1]);
  });

  it('refuses what is no whole number, and puts the quantity back when left', () => {
    render(<Held start={3} />);
    for (const typed of ['abc', '2.5', '-1', '1e2']) {
      type(typed);
      expect(box()).toHaveAttribute('aria-invalid', 'true');
      expect(box()).toHaveAccessibleDescription('Enter a whole number, e.g. 10');
    }
    type('');
    expect(box()).toHaveAccessibleDescription('Enter a quantity');
    fireEvent.blur(box());
    expect(changes).toEqual([]);
    expect(box()).toHaveValue('3');
    expect(box()).not.toHaveAttribute('aria-invalid');
    expect(box()).not.toHaveAccessibleDescription();
  });

  it('puts the quantity back on Escape', () => {
    render(<Held start={3} />);
    type('12');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveValue('3');
    fireEvent.blur(box());
    expect(changes).toEqual([]);
  });

  it('steps with − and + and the arrow keys, within the bounds', () => {
    render(<Held {...stockLimit(3)} />);
    const less = screen.getByRole('button', { name: 'Decrease quantity' });
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    expect(less).toBeDisabled();
    fireEvent.click(more);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box()).toHaveValue('3');
    expect(more).toBeDisabled();
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(changes).toEqual([2, 3, 2]);
  });

  it('applies a minimum and a step (docs/DESIGN.md §9) as the shopper types', () => {
    render(<Held start={10} min={10} step={5} />);
    type('5');
    expect(box()).toHaveAccessibleDescription('Order at least 10');
    type('12');
    expect(box()).toHaveAccessibleDescription('Sold in multiples of 5');
    fireEvent.blur(box());
    expect(changes).toEqual([]);
    expect(box()).toHaveValue('10');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(changes).toEqual([15]);
  });
});

describe('quantityProblem', () => {
  const rules = { min: 1, max: 99, step: 1, tooMany: 'too many' };
  it.each([
    ['1', null],
    [' 42 ', null],
    ['99', null],
    ['100', 'too many'],
    ['0', 'Order at least 1'],
    ['', 'Enter a quantity'],
    ['x', 'Enter a whole number, e.g. 10'],
  ])('%j → %j', (typed, problem) => {
    expect(quantityProblem(typed, rules)).toBe(problem);
  });

  it('reads the stock as the cart does', () => {
    expect(stockLimit(0)).toEqual({ max: 1, tooMany: 'This product is out of stock' });
    expect(stockLimit(3)).toEqual({ max: 3, tooMany: 'Only 3 left in stock' });
    expect(stockLimit(99)).toEqual({ max: 99 });
  });
});
