import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import type { DeliveryMethod } from '@/api/types';
import { formatRupee } from '@/lib/format';
import { useDeliveryMethods } from '../api/delivery-methods';
import { gramsToKg } from '../delivery-schema';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** Where a method delivers: 'Everywhere', or its prefixes ('HS, IV, KW, ZE'). */
export const methodWhere = (method: Pick<DeliveryMethod, 'postcodePrefixes'>) => (method.postcodePrefixes.length === 0 ? 'Everywhere' : method.postcodePrefixes.join(', '));

/** One band as a line: 'up to 30 kg: ₹250.00', 'any weight: ₹900.00'. */
export const bandText = (band: DeliveryMethod['rates'][number]) => `${band.upToGrams == null ? 'any weight' : `up to ${gramsToKg(band.upToGrams)} kg`}: ${formatRupee(band.price)}`;

/** Every delivery method, in the order the checkout lists them. */
export function DeliveryMethodsTable() {
  const methods = useDeliveryMethods();
  if (methods.isPending) return <LoadingRows label="Loading delivery methods" />;
  if (methods.isError) return <LoadFailed error={methods.error} onRetry={() => void methods.refetch()} />;
  if (methods.data.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No delivery methods yet.</p>;
  return (
    <div role="region" aria-label="Delivery methods table" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Delivery methods, in the order the checkout lists them</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2">Where</th>
            <th scope="col" className="px-3 py-2">Rates</th>
            <th scope="col" className="px-3 py-2 text-right">Free over</th>
            <th scope="col" className="px-3 py-2">Active</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {methods.data.map((method) => (
            <tr key={method._id} className="hover:bg-slate-50">
              <th scope="row" className="px-3 py-2 font-medium">
                <span className="flex flex-wrap items-center gap-2">
                  <Link to={adminPaths.deliveryMethod(method._id)} className="inline-flex min-h-11 items-center break-words text-brand hover:underline md:min-h-0">
                    {method.name}
                  </Link>
                  {method.isDefault && <span className={`${badge} bg-sky-100 text-sky-900`}>Default</span>}
                </span>
              </th>
              <td className="px-3 py-2">{methodWhere(method)}</td>
              <td className="px-3 py-2">
                <ul>
                  {method.rates.map((band, index) => (
                    <li key={index}>{bandText(band)}</li>
                  ))}
                </ul>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{method.freeOver == null ? 'Never' : formatRupee(method.freeOver)}</td>
              <td className="px-3 py-2">{method.active ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
