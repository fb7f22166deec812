/** What a price per unit of sale is for, after it: the product's unit of sale
 * (docs/DESIGN.md §9), 'per metre' in the product page's words (lib/quantity.ts's
 * `saleUnitText`), 'per pack', else 'each'. */
export function perSaleUnit(unit: string | null | undefined): string {
  if (unit === 'm') return 'per metre';
  return unit === 'pack' ? 'per pack' : 'each';
}
