import { EMPTY_PRODUCT, productRequest, productSchema } from './product-schema';

const valid = { ...EMPTY_PRODUCT, name: 'Tap', description: 'A tap.', price: '10', categoryId: 'a'.repeat(24), subCategoryId: 'b'.repeat(24) };
const problems = (change: Partial<typeof valid>) => {
  const result = productSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('productSchema', () => {
  it('takes a product with only the required fields, sending no discount, no end date and no size or colour', () => {
    expect(problems({})).toEqual({});
    expect(productRequest(productSchema.parse(valid))).toEqual({
      name: 'Tap',
      description: 'A tap.',
      price: 10,
      discountPercentage: 0,
      discountEndDate: null,
      stock: 0,
      categoryId: 'a'.repeat(24),
      subCategoryId: 'b'.repeat(24),
      size: null,
      color: null,
      featured: false,
      taxClass: 'standard',
    });
  });

  it('takes a price to the cent from 0.01 to 1000000, and nothing else', () => {
    for (const price of ['0.01', '12.5', '1000000']) expect(problems({ price })).toEqual({});
    for (const price of ['0', '0.001', '1000000.01', '-1', '1e3', 'ten', '']) {
      expect(problems({ price })).toEqual({ price: 'Price must be from 0.01 to 1000000, with at most two decimals' });
    }
  });

  it('takes a discount end date only as a real day', () => {
    expect(problems({ discountEndDate: '2028-02-29' })).toEqual({});
    for (const discountEndDate of ['2026-02-30', '2026-13-01', '31/12/2026']) {
      expect(problems({ discountEndDate })).toEqual({ discountEndDate: 'Discount end date must be a date like 2026-12-31' });
    }
  });

  it('takes a discount from 0 to 95 percent and stock as a whole number up to 1000000', () => {
    expect(problems({ discountPercentage: '95', stock: '1000000' })).toEqual({});
    expect(problems({ discountPercentage: '95.01', stock: '1000001' })).toEqual({
      discountPercentage: 'Discount must be from 0 to 95 percent, with at most two decimals',
      stock: 'Stock must be a whole number from 0 to 1000000',
    });
  });
});
