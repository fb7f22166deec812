import { adminProduct } from '@/testing/admin';
import { EMPTY_PRODUCT_FORM, productErrorPath, productFormFields, productFormRequest, productFormSchema, type ProductFormFields } from './product-form-schema';
import type { VariantRow } from './variant-grid';
import { variantErrorPath } from './variant-schema';
import type { VariantProduct } from './variant-types';

const CATEGORY = 'a'.repeat(24);
const SUB = 'b'.repeat(24);
const simple: ProductFormFields = { ...EMPTY_PRODUCT_FORM, name: 'Elbow', description: 'An elbow.', price: '4', stock: '3', categoryId: CATEGORY, subCategoryId: SUB };
const row = (options: Record<string, string>, change: Partial<VariantRow> = {}): VariantRow => ({
  _id: '',
  sku: 'E-15',
  options,
  price: '4.20',
  stock: '5',
  weightGrams: '',
  image: '',
  ...change,
});
const withOptions: ProductFormFields = {
  ...simple,
  price: '',
  stock: '',
  options: [{ name: 'Size', values: '15 mm, 22 mm' }],
  variants: [row({ Size: '15 mm' }), row({ Size: '22 mm' }, { sku: 'E-22', price: '5', stock: '0', weightGrams: '120', image: 'products/e.webp' })],
};

const problems = (values: ProductFormFields) => {
  const result = productFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('productFormSchema', () => {
  it('checks the own price and stock only of a product without options', () => {
    expect(problems(simple)).toEqual({});
    expect(problems({ ...simple, price: '', stock: '-1' })).toEqual({
      price: 'Price must be from 0.01 to 1000000, with at most two decimals',
      stock: 'Stock must be a whole number from 0 to 1000000',
    });
    expect(problems(withOptions)).toEqual({});
  });

  it('refuses more than 3 options, nameless or repeated names (ignoring case) and bad value lists', () => {
    const options = [
      { name: '', values: 'a' },
      { name: 'Size', values: ' , ' },
      { name: 'size', values: `${'x'.repeat(41)}, y` },
      { name: 'Finish', values: 'Brass, brass' },
    ];
    expect(problems({ ...withOptions, options, variants: [] })).toMatchObject({
      'options.root': 'A product has at most 3 options',
      'options.0.name': 'Name the option',
      'options.1.values': 'Give 1 to 50 values, separated by commas',
      'options.2.name': 'Another option has this name',
      'options.2.values': 'Each value is at most 40 characters',
      'options.3.values': 'Each value once',
    });
    const fifty = Array.from({ length: 51 }, (_, i) => `v${i}`).join(',');
    expect(problems({ ...withOptions, options: [{ name: 'Size', values: fifty }] })['options.0.values']).toBe('Give 1 to 50 values, separated by commas');
  });

  it('checks each row: SKU characters and uniqueness, one value of every option, no repeated combination, price, new stock, weight', () => {
    const variants = [
      row({ Size: '15 mm' }, { sku: 'E 15' }),
      row({ Size: '22 mm' }, { sku: 'e-22' }),
      row({ Size: '22 MM' }, { sku: 'E-22', price: '0', weightGrams: '1.5' }),
      row({}, { sku: 'x'.repeat(65), stock: 'lots' }),
      row({ Size: '15 mm' }, { sku: 'A-Z_a.z/09', _id: 'v1', stock: 'whatever was loaded' }),
    ];
    expect(problems({ ...withOptions, variants })).toEqual({
      'variants.0.sku': 'SKU: 1 to 64 of A-Z, a-z, 0-9 and - _ . /',
      'variants.2.sku': 'Another variant has this SKU',
      'variants.2.options': 'Another variant has these values',
      'variants.2.price': 'Price must be from 0.01 to 1000000, with at most two decimals',
      'variants.2.weightGrams': 'Weight: a whole number of grams, at most 1000000',
      'variants.3.sku': 'SKU: 1 to 64 of A-Z, a-z, 0-9 and - _ . /',
      'variants.3.options': 'Choose a value of every option',
      'variants.3.stock': 'Stock must be a whole number from 0 to 1000000',
      'variants.4.options': 'Another variant has these values',
    });
    expect(problems({ ...withOptions, variants: [] })).toEqual({ 'variants.root': 'Add a variant, or generate all combinations' });
  });

  it('refuses a minimum that is not a multiple of the step, and a pack of fewer than 2', () => {
    expect(problems({ ...simple, minQuantity: '10', quantityStep: '5', unit: 'm' })).toEqual({});
    expect(problems({ ...simple, minQuantity: '3', quantityStep: '2' })).toEqual({ minQuantity: 'The minimum must be a multiple of the step (2)' });
    expect(problems({ ...simple, minQuantity: '0', quantityStep: '1.5', unit: 'pack', packSize: '1' })).toEqual({
      minQuantity: 'The minimum is a whole number from 1',
      quantityStep: 'The step is a whole number from 1',
      packSize: 'A pack holds a whole number of at least 2 pieces',
    });
    expect(problems({ ...simple, packSize: '' })).toEqual({});
  });
});

describe('productFormRequest', () => {
  it('sends a product without options as today, with no variants and its sale unit', () => {
    const body = productFormRequest(productFormSchema.parse({ ...simple, unit: 'pack', packSize: '10', minQuantity: '2', quantityStep: '2' }));
    expect(body).toMatchObject({ price: 4, stock: 3, options: [], unit: 'pack', packSize: 10, minQuantity: 2, quantityStep: 2 });
    expect(body).not.toHaveProperty('variants');
    expect(productFormRequest(productFormSchema.parse({ ...simple, unit: 'm', packSize: '10' })).packSize).toBeNull();
  });

  it('sends every row in the grid order with its position, new rows with their starting stock', () => {
    const values: ProductFormFields = {
      ...withOptions,
      options: [{ name: ' Size ', values: '15 mm , 22 mm' }],
      variants: [{ ...withOptions.variants[1]!, _id: 'v2', stock: '7' }, { ...withOptions.variants[0]!, options: { size: '15 MM' }, sku: ' E-15 ' }],
    };
    const body = productFormRequest(productFormSchema.parse(values));
    expect(body.options).toEqual([{ name: 'Size', values: ['15 mm', '22 mm'] }]);
    expect(body.variants).toEqual([
      { _id: 'v2', sku: 'E-22', options: { Size: '22 mm' }, price: 5, stock: 7, weightGrams: 120, image: 'products/e.webp', position: 0 },
      { sku: 'E-15', options: { Size: '15 mm' }, price: 4.2, stock: 5, weightGrams: null, image: null, position: 1 },
    ]);
    // Derived and ignored by the server: the lowest price, the new rows' starting stock.
    expect(body).toMatchObject({ price: 4.2, stock: 5 });
  });
});

describe('productFormFields', () => {
  it('fills the grid from the live variants by position, and the sale unit', () => {
    const product: VariantProduct = {
      ...adminProduct(),
      options: [{ name: 'Finish', values: ['Brass', 'Chrome'] }],
      variants: [
        { _id: 'v2', sku: 'T-C', options: { Finish: 'Chrome' }, price: 30, discountPercentage: 0, discountedPrice: 30, stock: 2, weightGrams: null, image: null, position: 1, priceBreaks: [] },
        { _id: 'v3', sku: 'T-N', options: { Finish: 'Nickel' }, price: 30, discountPercentage: 0, discountedPrice: 30, stock: 0, position: 2, archived: true, priceBreaks: [] },
        { _id: 'v1', sku: 'T-B', options: { Finish: 'Brass' }, price: 25.5, discountPercentage: 0, discountedPrice: 25.5, stock: 4, weightGrams: 900, image: 'p/1.webp', position: 0, priceBreaks: [] },
      ],
      unit: 'pack',
      packSize: 10,
      minQuantity: 2,
      quantityStep: 2,
    };
    const fields = productFormFields(product);
    expect(fields.options).toEqual([{ name: 'Finish', values: 'Brass, Chrome' }]);
    expect(fields.variants).toEqual([
      { _id: 'v1', sku: 'T-B', options: { Finish: 'Brass' }, price: '25.5', stock: '4', weightGrams: '900', image: 'p/1.webp' },
      { _id: 'v2', sku: 'T-C', options: { Finish: 'Chrome' }, price: '30', stock: '2', weightGrams: '', image: '' },
    ]);
    expect(fields).toMatchObject({ unit: 'pack', packSize: '10', minQuantity: '2', quantityStep: '2' });
  });

  it('reads a product the server sends without variant fields as one sold each', () => {
    expect(productFormFields(adminProduct())).toMatchObject({ options: [], variants: [], unit: 'each', packSize: '', minQuantity: '1', quantityStep: '1' });
  });
});

describe('server errors', () => {
  it('lead a variant key to its cell, or to its row for any other part of it', () => {
    expect(variantErrorPath('variants.2.sku')).toBe('variants.2.sku');
    expect(variantErrorPath('variants[2].price')).toBe('variants.2.price');
    expect(variantErrorPath('variants.0.options.Size')).toBe('variants.0.options');
    expect(variantErrorPath('variants.1.position')).toBe('variants.1.options');
    expect(variantErrorPath('variants.3')).toBe('variants.3.options');
    expect(variantErrorPath('variants')).toBe('variants.root');
  });

  it('lead option keys to the option, and keep the product fields as they are', () => {
    expect(variantErrorPath('options.1.name')).toBe('options.1.name');
    expect(variantErrorPath('options.1.values.4')).toBe('options.1.values');
    expect(variantErrorPath('options')).toBe('options.root');
    expect(productErrorPath('minQuantity')).toBe('minQuantity');
    expect(productErrorPath('price')).toBe('price');
    expect(productErrorPath('variantId')).toBeNull();
  });
});
