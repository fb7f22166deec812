import { chooseValue, initialVariant, optionStates, variantById } from './variant-picker';
import type { ProductOption, Variant } from './variant-types';

const OPTIONS: ProductOption[] = [
  { name: 'Size', values: ['15 mm', '22 mm', '28 mm'] },
  { name: 'Finish', values: ['Brass', 'Chrome'] },
];

let position = 0;
function variant(size: string, finish: string, discountedPrice: number, stock: number): Variant {
  position += 1;
  const id = `${size}-${finish}`.replace(/ /g, '');
  return { _id: id, sku: `ELB-${id}`, options: { Size: size, Finish: finish }, price: discountedPrice, discountPercentage: 0, discountedPrice, stock, weightGrams: 50, image: null, position, priceBreaks: [] };
}

// 28 mm comes in chrome only; 22 mm chrome is sold out.
const VARIANTS = [
  variant('15 mm', 'Brass', 3.2, 10),
  variant('15 mm', 'Chrome', 3.5, 4),
  variant('22 mm', 'Brass', 4.1, 8),
  variant('22 mm', 'Chrome', 2.9, 0),
  variant('28 mm', 'Chrome', 6.75, 2),
];
const byId = (id: string) => VARIANTS.find((v) => v._id === id)!;

describe('initialVariant', () => {
  it('is the cheapest variant in stock', () => {
    // 22 mm chrome is cheaper but sold out.
    expect(initialVariant(VARIANTS)._id).toBe('15mm-Brass');
  });

  it('is the cheapest of all when every one is sold out, the first in the shop order on a tie', () => {
    const soldOut = VARIANTS.map((v) => ({ ...v, stock: 0 }));
    expect(initialVariant(soldOut)._id).toBe('22mm-Chrome');
    const tie = [{ ...VARIANTS[1], discountedPrice: 1 }, { ...VARIANTS[0], discountedPrice: 1 }];
    expect(initialVariant(tie)._id).toBe('15mm-Brass');
  });
});

describe('variantById', () => {
  it('finds the variant the URL names, and none for an id it does not know', () => {
    expect(variantById(VARIANTS, '22mm-Brass')?._id).toBe('22mm-Brass');
    expect(variantById(VARIANTS, 'gone')).toBeNull();
    expect(variantById(VARIANTS, null)).toBeNull();
  });
});

describe('optionStates', () => {
  const state = (current: Variant, name: string, value: string) => optionStates(OPTIONS, VARIANTS, current).find((o) => o.name === name)!.values.find((v) => v.value === value)!;

  it('marks the values of the variant shown as chosen', () => {
    const states = optionStates(OPTIONS, VARIANTS, byId('22mm-Brass'));
    expect(states.map((o) => o.values.filter((v) => v.chosen).map((v) => v.value))).toEqual([['22 mm'], ['Brass']]);
  });

  it('disables a value that makes no existing combination with the other choices', () => {
    // 28 mm exists only in chrome.
    expect(state(byId('15mm-Brass'), 'Size', '28 mm')).toMatchObject({ disabled: true, soldOut: false });
    expect(state(byId('15mm-Chrome'), 'Size', '28 mm')).toMatchObject({ disabled: false, soldOut: false });
    // With 28 mm chosen, brass is the value without a combination.
    expect(state(byId('28mm-Chrome'), 'Finish', 'Brass')).toMatchObject({ disabled: true });
  });

  it('strikes through a value whose variant with the other choices is sold out, without disabling it', () => {
    expect(state(byId('15mm-Chrome'), 'Size', '22 mm')).toMatchObject({ disabled: false, soldOut: true });
    expect(state(byId('22mm-Brass'), 'Finish', 'Chrome')).toMatchObject({ disabled: false, soldOut: true });
    // The same value beside another finish is in stock.
    expect(state(byId('15mm-Brass'), 'Size', '22 mm')).toMatchObject({ disabled: false, soldOut: false });
  });

  it('has one value state per value, in the shop order, for every option', () => {
    const states = optionStates(OPTIONS, VARIANTS, byId('15mm-Brass'));
    expect(states.map((o) => [o.name, o.values.map((v) => v.value)])).toEqual([
      ['Size', ['15 mm', '22 mm', '28 mm']],
      ['Finish', ['Brass', 'Chrome']],
    ]);
  });
});

describe('chooseValue', () => {
  it('keeps the other choices when the combination exists', () => {
    expect(chooseValue(OPTIONS, VARIANTS, byId('15mm-Brass'), 'Size', '22 mm')?._id).toBe('22mm-Brass');
    expect(chooseValue(OPTIONS, VARIANTS, byId('22mm-Brass'), 'Finish', 'Chrome')?._id).toBe('22mm-Chrome');
  });

  it('picks the nearest existing combination when the value breaks another choice', () => {
    // 28 mm brass does not exist: the finish changes, the size chosen stays.
    expect(chooseValue(OPTIONS, VARIANTS, byId('15mm-Brass'), 'Size', '28 mm')?._id).toBe('28mm-Chrome');
    // Brass with 28 mm does not exist: of the brass variants, one in stock in the shop order.
    expect(chooseValue(OPTIONS, VARIANTS, byId('28mm-Chrome'), 'Finish', 'Brass')?._id).toBe('15mm-Brass');
  });

  it('keeps more of the current choices before earlier ones, and earlier options before later ones', () => {
    const options: ProductOption[] = [
      { name: 'Height', values: ['300', '600'] },
      { name: 'Width', values: ['400', '800'] },
      { name: 'Colour', values: ['White', 'Anthracite'] },
    ];
    const v = (id: string, height: string, width: string, colour: string, stock = 5, pos = 0): Variant => ({
      _id: id, sku: id, options: { Height: height, Width: width, Colour: colour }, price: 1, discountPercentage: 0, discountedPrice: 1, stock, weightGrams: null, image: null, position: pos, priceBreaks: [],
    });
    const all = [v('a', '300', '400', 'White', 5, 1), v('b', '600', '800', 'Anthracite', 5, 2), v('c', '600', '400', 'Anthracite', 5, 3), v('d', '600', '800', 'White', 5, 4)];
    // From 300 × 400 × White to Anthracite: 600 × 400 keeps the width, 600 × 800 nothing.
    expect(chooseValue(options, all, all[0], 'Colour', 'Anthracite')?._id).toBe('c');
    // From 300 × 400 × White to 600: 600 × 400 × Anthracite and 600 × 800 × White each keep
    // one choice; the width comes before the colour.
    expect(chooseValue(options, all, all[0], 'Height', '600')?._id).toBe('c');
  });

  it('prefers a variant in stock among equally near ones', () => {
    const all = [{ ...VARIANTS[0] }, { ...VARIANTS[2], stock: 0 }, { ...VARIANTS[4] }];
    // From 28 mm chrome to brass: 15 mm and 22 mm brass keep nothing; 22 mm is sold out.
    expect(chooseValue(OPTIONS, all, all[2], 'Finish', 'Brass')?._id).toBe('15mm-Brass');
    const first = [{ ...VARIANTS[2] }, { ...VARIANTS[0], stock: 0 }, { ...VARIANTS[4] }];
    expect(chooseValue(OPTIONS, first, first[2], 'Finish', 'Brass')?._id).toBe('22mm-Brass');
  });

  it('finds nothing for a value no variant has', () => {
    expect(chooseValue(OPTIONS, VARIANTS.slice(0, 4), byId('15mm-Brass'), 'Size', '28 mm')).toBeNull();
  });
});
