import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SearchBox, type SearchOption } from './search-box';

const OPTIONS: SearchOption[] = [
  { id: 'c1', group: 'Categories', label: 'Radiator Valves', detail: 'Sub-category', to: '/shop?category=c0&subCategory=c1' },
  { id: 'p1', group: 'Products', label: 'Thermostatic Radiator Valve', detail: '$12.00', image: '/media/p1.svg', to: '/product/p1' },
  { id: 'p2', group: 'Products', label: 'Lockshield Valve', detail: '$6.00', to: '/product/p2' },
];

function Harness({ onSearch, onPick, options = OPTIONS }: { onSearch: (k: string) => void; onPick: (o: SearchOption) => void; options?: SearchOption[] }) {
  const [keyword, setKeyword] = useState('');
  return <SearchBox keyword={keyword} onKeywordChange={setKeyword} options={keyword ? options : []} onSearch={onSearch} onPick={onPick} />;
}

function setup(options?: SearchOption[]) {
  const onSearch = vi.fn();
  const onPick = vi.fn();
  render(<Harness onSearch={onSearch} onPick={onPick} options={options} />);
  const box = screen.getByRole('combobox', { name: 'Search products' });
  return { box, onSearch, onPick };
}

describe('SearchBox', () => {
  it('is a combobox whose list opens with suggestions as the shopper types, products first', () => {
    const { box } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    box.focus();
    fireEvent.change(box, { target: { value: 'rad' } });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Thermostatic Radiator Valve$12.00',
      'Lockshield Valve$6.00',
      'Radiator ValvesSub-category',
    ]);
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Categories' })).toBeInTheDocument();
  });

  it("strikes a product's public price after a trade customer's own, named List price", () => {
    const { box } = setup([{ id: 'p1', group: 'Products', label: 'Thermostatic Radiator Valve', detail: '$10.00', listPrice: '$12.00', to: '/product/p1' }, OPTIONS[2]]);
    box.focus();
    fireEvent.change(box, { target: { value: 'rad' } });
    const option = screen.getByRole('option', { name: /Thermostatic Radiator Valve/ });
    expect(option).toHaveTextContent('Thermostatic Radiator Valve$10.00List price $12.00');
    const list = screen.getByText('$12.00');
    expect(list.tagName).toBe('S');
    expect(screen.getByRole('option', { name: /Lockshield Valve/ }).querySelector('s')).toBeNull();
  });

  it('moves through the suggestions with the arrows, round from either end, focus staying in the box', () => {
    const { box } = setup();
    box.focus();
    fireEvent.change(box, { target: { value: 'rad' } });
    expect(box).not.toHaveAttribute('aria-activedescendant');
    const options = () => screen.getAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options()[0].id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options()[2].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options()[0].id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveAttribute('aria-activedescendant', options()[2].id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    expect(document.activeElement).toBe(box);
  });

  it('opens the chosen suggestion with Enter, or searches for what was typed', () => {
    const { box, onPick, onSearch } = setup();
    box.focus();
    fireEvent.change(box, { target: { value: 'rad' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(OPTIONS[2]);
    expect(onSearch).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    fireEvent.change(box, { target: { value: ' radiator ' } });
    fireEvent.submit(box.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('radiator');
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('closes the list with Escape, and a second Escape clears the box', () => {
    const { box } = setup();
    box.focus();
    fireEvent.change(box, { target: { value: 'rad' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('rad');
    // The arrows open it again.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
  });

  it('opens a suggestion clicked', () => {
    const { box, onPick } = setup();
    box.focus();
    fireEvent.change(box, { target: { value: 'rad' } });
    fireEvent.click(screen.getByRole('option', { name: /Lockshield Valve/ }));
    expect(onPick).toHaveBeenCalledWith(OPTIONS[2]);
  });

  it('keeps the list closed while there is nothing to suggest', () => {
    const { box } = setup([]);
    box.focus();
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
