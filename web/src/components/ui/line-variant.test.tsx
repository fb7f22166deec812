import { render, screen } from '@testing-library/react';
import { describeOptions, LineVariant } from './line-variant';

describe('describeOptions', () => {
  it("names each option's value in the order given, joined by a middle dot", () => {
    expect(describeOptions({ Size: '22 mm', Finish: 'Chrome' })).toBe('Size: 22 mm · Finish: Chrome');
    expect(describeOptions({ Finish: 'Brass' })).toBe('Finish: Brass');
  });

  it('is empty for a product without options', () => {
    expect(describeOptions({})).toBe('');
    expect(describeOptions(undefined)).toBe('');
  });
});

describe('LineVariant', () => {
  it("shows a line's option values and SKU", () => {
    render(<LineVariant options={{ Size: '22 mm', Finish: 'Chrome' }} sku="CF-22-CH" />);
    expect(screen.getByText('Size: 22 mm · Finish: Chrome')).toBeInTheDocument();
    expect(screen.getByText('SKU: CF-22-CH')).toBeInTheDocument();
  });

  it('shows nothing for a line without options or SKU', () => {
    const { container } = render(<LineVariant options={{}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
