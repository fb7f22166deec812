import { perSaleUnit } from '../per-sale-unit';
import type { Variant } from '../variant-types';

/** A variant's quantity breaks (docs/DESIGN.md §11): from how many units in one line one
 * costs how much ('Price per metre' for a product sold by the metre, 'per pack' by the
 * pack), each price in `format` (the page's reading and currency). */
export function QuantityBreaks({ breaks, unit, format }: { breaks: Variant['priceBreaks']; unit?: string | null; format: (amount: number) => string }) {
  return (
    <table className="text-sm">
      <caption className="mb-1 text-left font-medium">Quantity breaks</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-500">
          <th scope="col" className="py-1 pr-6 font-normal">
            Quantity
          </th>
          <th scope="col" className="py-1 font-normal">
            Price {perSaleUnit(unit)}
          </th>
        </tr>
      </thead>
      <tbody>
        {breaks.map((one) => (
          <tr key={one.minQuantity} className="border-b border-slate-100">
            <td className="py-1 pr-6">{one.minQuantity}+</td>
            <td className="py-1">{format(one.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
