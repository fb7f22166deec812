import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import type { Customer } from '@/api/types';
import { formatConsoleDate, formatRupee } from '@/lib/format';
import { ADMIN_CUSTOMERS_PER_PAGE, useCustomers } from '../api/get-customers';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** A customer's name as the console shows it: the e-mail stands in until they set one. */
export const customerName = (customer: Pick<Customer, 'fullName' | 'emailAddress'>) => customer.fullName || customer.emailAddress;

/** 'Disabled' when an administrator has shut the account (the colour only repeats it). */
export function DisabledBadge({ customer }: { customer: Pick<Customer, 'disabled'> }) {
  return customer.disabled ? <span className={`${badge} bg-red-100 text-red-900`}>Disabled</span> : null;
}

/** A page of customers, newest first, those matching `q` when given. */
export function CustomersTable({ q, page, onPageChange }: { q: string; page: number; onPageChange: (page: number) => void }) {
  const customers = useCustomers(q, page);
  if (customers.isPending) return <LoadingRows label="Loading customers" />;
  if (customers.isError) return <LoadFailed error={customers.error} onRetry={() => void customers.refetch()} />;
  const { customers: rows, total, page: shown } = customers.data;
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{q ? `No customer's name or e-mail begins with '${q}'.` : 'No customers yet.'}</p>;
  }
  return (
    <div className="space-y-4">
      <div role="region" aria-label="Customers table" aria-busy={customers.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">
            Customers{q ? ` matching '${q}'` : ''}, page {shown} of {pageCount(total, ADMIN_CUSTOMERS_PER_PAGE)}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Name</th>
              <th scope="col" className="px-3 py-2">E-mail</th>
              <th scope="col" className="px-3 py-2">Verified</th>
              <th scope="col" className="px-3 py-2 text-right">Orders</th>
              <th scope="col" className="px-3 py-2 text-right">Total spent</th>
              <th scope="col" className="px-3 py-2">Joined</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((customer) => (
              <tr key={customer._id} className="hover:bg-slate-50">
                <th scope="row" className="px-3 py-2 font-medium">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link to={adminPaths.customer(customer._id)} className="inline-flex min-h-11 items-center break-all text-brand hover:underline md:min-h-0">
                      {customerName(customer)}
                    </Link>
                    <DisabledBadge customer={customer} />
                  </span>
                </th>
                <td className="break-all px-3 py-2">{customer.emailAddress}</td>
                <td className="px-3 py-2">{customer.isEmailVerified ? 'Yes' : 'No'}</td>
                <td className="px-3 py-2 text-right">{customer.orderCount}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{formatRupee(customer.totalSpent)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={customer.createdAt}>{formatConsoleDate(customer.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Customers pages" page={shown} total={total} perPage={ADMIN_CUSTOMERS_PER_PAGE} noun={['customer', 'customers']} onPageChange={onPageChange} />
    </div>
  );
}
