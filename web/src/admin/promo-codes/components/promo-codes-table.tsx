import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import type { PromoCode } from '@/api/types';
import { formatConsoleDate, formatRupee } from '@/lib/format';
import { ADMIN_PROMO_CODES_PER_PAGE, usePromoCodes } from '../api/get-promo-codes';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** What a code takes off: '10% off', '₹50.00 off'. */
export const promoAmount = (promo: Pick<PromoCode, 'kind' | 'amount'>) => (promo.kind === 'percent' ? `${promo.amount}% off` : `${formatRupee(promo.amount)} off`);

/** When a code applies, by UTC day: 'Mar 01, 2026 – Mar 31, 2026', 'From …', 'Until …', 'Always'. */
export function promoDates({ startsOn, endsOn }: Pick<PromoCode, 'startsOn' | 'endsOn'>): string {
  if (startsOn && endsOn) return `${formatConsoleDate(startsOn)} – ${formatConsoleDate(endsOn)}`;
  if (startsOn) return `From ${formatConsoleDate(startsOn)}`;
  if (endsOn) return `Until ${formatConsoleDate(endsOn)}`;
  return 'Always';
}

/** A page of promo codes, newest first. */
export function PromoCodesTable({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const codes = usePromoCodes(page);
  if (codes.isPending) return <LoadingRows label="Loading promo codes" />;
  if (codes.isError) return <LoadFailed error={codes.error} onRetry={() => void codes.refetch()} />;
  const { promoCodes: rows, total, page: shown } = codes.data;
  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No promo codes yet.</p>;
  return (
    <div className="space-y-4">
      <div role="region" aria-label="Promo codes table" aria-busy={codes.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">
            Promo codes, page {shown} of {pageCount(total, ADMIN_PROMO_CODES_PER_PAGE)}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Code</th>
              <th scope="col" className="px-3 py-2">Discount</th>
              <th scope="col" className="px-3 py-2">Dates (UTC)</th>
              <th scope="col" className="px-3 py-2 text-right">Uses / limit</th>
              <th scope="col" className="px-3 py-2 text-right">Per customer</th>
              <th scope="col" className="px-3 py-2 text-right">Minimum subtotal</th>
              <th scope="col" className="px-3 py-2">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((promo) => (
              <tr key={promo._id} className="hover:bg-slate-50">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link to={adminPaths.promoCode(promo._id)} className="inline-flex min-h-11 items-center break-all font-mono text-brand hover:underline md:min-h-0">
                    {promo.code}
                  </Link>
                </th>
                <td className="whitespace-nowrap px-3 py-2">{promoAmount(promo)}</td>
                <td className="px-3 py-2">{promoDates(promo)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  {promo.usedCount} / {promo.usageLimit ?? 'no limit'}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{promo.perCustomerLimit ?? 'No limit'}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{promo.minSubtotal > 0 ? formatRupee(promo.minSubtotal) : 'None'}</td>
                <td className="px-3 py-2">
                  {promo.active ? <span className={`${badge} bg-emerald-100 text-emerald-900`}>Active</span> : <span className={`${badge} bg-slate-200 text-slate-800`}>Switched off</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Promo codes pages" page={shown} total={total} perPage={ADMIN_PROMO_CODES_PER_PAGE} noun={['promo code', 'promo codes']} onPageChange={onPageChange} />
    </div>
  );
}
