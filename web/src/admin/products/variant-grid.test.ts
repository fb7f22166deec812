import { combinations, generateRows, optionNameSuggestions, parseValues, suggestSku, type VariantRow } from './variant-grid';

const SIZE = { name: 'Size', values: ['15 mm', '22 mm'] };
const FINISH = { name: 'Finish', values: ['Brass', 'Chrome'] };
const defaults = { productName: 'Compression Elbow', price: '4.20', weightGrams: '' };
const row = (options: Record<string, string>, change: Partial<VariantRow> = {}): VariantRow => ({
  _id: '',
  sku: 'X',
  options,
  price: '1',
  stock: '0',
  weightGrams: '',
  image: '',
  ...change,
});

describe('parseValues', () => {
  it('reads a comma list, trimming each value and leaving out blanks', () => {
    expect(parseValues(' Brass, Chrome ,, Nickel ,')).toEqual(['Brass', 'Chrome', 'Nickel']);
    expect(parseValues('  ')).toEqual([]);
  });
});

describe('combinations', () => {
  it('gives every combination, the first option varying slowest', () => {
    expect(combinations([SIZE, FINISH])).toEqual([
      { Size: '15 mm', Finish: 'Brass' },
      { Size: '15 mm', Finish: 'Chrome' },
      { Size: '22 mm', Finish: 'Brass' },
      { Size: '22 mm', Finish: 'Chrome' },
    ]);
  });

  it('gives one empty combination without options, and none when an option has no values', () => {
    expect(combinations([])).toEqual([{}]);
    expect(combinations([SIZE, { name: 'Finish', values: [] }])).toEqual([]);
  });
});

describe('suggestSku', () => {
  it('joins the name and the values in capitals, reading 15 mm as 15MM', () => {
    expect(suggestSku('Compression Elbow', ['15 mm', 'Chrome'], [])).toBe('COMPRESSION-ELBOW-15MM-CHROME');
    expect(suggestSku('PTFE tape (12m × 0.075mm)', [], [])).toBe('PTFE-TAPE-12M-0-075MM');
  });

  it('adds -2, -3 when the SKU is taken, ignoring case', () => {
    expect(suggestSku('Elbow', ['Brass'], ['elbow-brass'])).toBe('ELBOW-BRASS-2');
    expect(suggestSku('Elbow', ['Brass'], ['ELBOW-BRASS', 'ELBOW-BRASS-2'])).toBe('ELBOW-BRASS-3');
  });

  it('stays within 64 characters of what a SKU may hold, and has something without a name', () => {
    const sku = suggestSku('A very long product name that goes on and on about its fittings', ['Thermostatic radiator valve body', 'Polished chrome'], []);
    expect(sku.length).toBeLessThanOrEqual(64);
    expect(sku).toMatch(/^[A-Z0-9-]+$/);
    expect(sku).toContain('POLISHED-CHROME');
    expect(suggestSku('   ', [], [])).toBe('SKU');
    expect(suggestSku('Ñandú', [], [])).toBe('AND');
  });
});

describe('generateRows', () => {
  it('adds every missing combination with a suggested SKU and the form price', () => {
    const { rows, dropped } = generateRows([SIZE, FINISH], [], defaults);
    expect(dropped).toEqual([]);
    expect(rows.map((r) => [r.sku, r.options, r.price, r.stock, r._id])).toEqual([
      ['COMPRESSION-ELBOW-15MM-BRASS', { Size: '15 mm', Finish: 'Brass' }, '4.20', '0', ''],
      ['COMPRESSION-ELBOW-15MM-CHROME', { Size: '15 mm', Finish: 'Chrome' }, '4.20', '0', ''],
      ['COMPRESSION-ELBOW-22MM-BRASS', { Size: '22 mm', Finish: 'Brass' }, '4.20', '0', ''],
      ['COMPRESSION-ELBOW-22MM-CHROME', { Size: '22 mm', Finish: 'Chrome' }, '4.20', '0', ''],
    ]);
  });

  it('keeps rows whose values still exist (matching case-insensitively), in the options order, and drops the rest', () => {
    const kept = row({ size: '22 MM', Finish: 'chrome' }, { _id: 'v1', sku: 'E22C', price: '5.10' });
    const gone = row({ Size: '28 mm', Finish: 'Brass' }, { _id: 'v2', sku: 'E28B' });
    const twice = row({ Size: '22 mm', Finish: 'Chrome' }, { sku: 'DUP' });
    const { rows, dropped } = generateRows([SIZE, FINISH], [gone, kept, twice], defaults);
    expect(rows.map((r) => r.sku)).toEqual(['COMPRESSION-ELBOW-15MM-BRASS', 'COMPRESSION-ELBOW-15MM-CHROME', 'COMPRESSION-ELBOW-22MM-BRASS', 'E22C']);
    expect(rows[3]).toEqual({ ...kept, options: { Size: '22 mm', Finish: 'Chrome' } });
    expect(dropped).toEqual([gone, twice]);
  });

  it('drops rows that have no value for a newly added option, and never suggests a SKU a dropped row holds', () => {
    const old = row({ Size: '15 mm' }, { _id: 'v1', sku: 'COMPRESSION-ELBOW-15MM-BRASS' });
    const { rows, dropped } = generateRows([SIZE, FINISH], [old], defaults);
    expect(dropped).toEqual([old]);
    expect(rows[0]!.sku).toBe('COMPRESSION-ELBOW-15MM-BRASS-2');
  });
});

describe('optionNameSuggestions', () => {
  it('offers the common names, then those seen, each once ignoring case', () => {
    expect(optionNameSuggestions(['size', 'Thread', ' Thread ', ''])).toEqual(['Size', 'Finish', 'Height', 'Width', 'Length', 'Colour', 'Thread']);
  });
});
