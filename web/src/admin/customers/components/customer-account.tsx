import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FULFILMENT_LABELS, PaymentBadge, StatusBadge } from '@/admin/orders';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { TablePages } from '@/admin/shared/components/table-pages';
import { roleLabel, usePermissions } from '@/admin/shared/permissions';
import type { Customer, CustomerDetail } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { formatConsoleDate, formatConsoleDateTime, formatRupee } from '@/lib/format';
import { CUSTOMER_ORDERS_PER_PAGE, useCustomer } from '../api/get-customer';
import { useSetCustomerAccess } from '../api/set-customer-access';
import { customerName, DisabledBadge } from './customers-table';

/** One account: who they are, whether they may sign in (and the buttons to change it),
 * and a page of their orders. */
export function CustomerAccount({ id, page, onPageChange }: { id: string; page: number; onPageChange: (page: number) => void }) {
  const detail = useCustomer(id, page);
  if (detail.isPending) return <LoadingRows label="Loading the customer" />;
  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  const { customer } = detail.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-all text-2xl font-semibold">{customerName(customer)}</h1>
        <DisabledBadge customer={customer} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="profile-heading" className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="profile-heading" className="text-base font-semibold">
            Profile
          </h2>
          <Profile customer={customer} />
        </section>
        <AccessPanel customer={customer} />
      </div>
      <section aria-labelledby="orders-heading" className="space-y-3">
        <h2 id="orders-heading" className="text-base font-semibold">
          Orders
        </h2>
        <CustomerOrders detail={detail.data} busy={detail.isPlaceholderData} onPageChange={onPageChange} />
      </section>
    </div>
  );
}

function Profile({ customer }: { customer: Customer }) {
  const rows: [string, ReactNode][] = [
    ['Name', customer.fullName || 'Not given yet'],
    ['E-mail', customer.emailAddress],
    ['E-mail verified', customer.isEmailVerified ? 'Yes' : 'No'],
    ['Role', roleLabel(customer.role)],
    ['Joined', <time dateTime={customer.createdAt}>{formatConsoleDate(customer.createdAt)}</time>],
    ['Orders', customer.orderCount],
    ['Total spent', formatRupee(customer.totalSpent)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether the account may sign in, and for a role allowed customers.manage a button
 * (asking first) to change that. The server's refusal (a member of staff's account, one's
 * own) shows in its words. */
function AccessPanel({ customer }: { customer: Customer }) {
  const access = useSetCustomerAccess(customer._id);
  const allowed = usePermissions();
  const [open, setOpen] = useState(false);
  const name = customerName(customer);
  const disabling = !customer.disabled;

  const confirm = () =>
    access.mutate(disabling ? 'disable' : 'enable', {
      onSuccess: () => toast.success(disabling ? `${name}'s account is disabled` : `${name}'s account is enabled`),
      onSettled: () => setOpen(false),
    });

  return (
    <section aria-labelledby="access-heading" className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="access-heading" className="text-base font-semibold">
        Account access
      </h2>
      <p className="text-sm">
        {customer.disabled ? (
          <>
            Disabled{customer.disabledAt && <> on <time dateTime={customer.disabledAt}>{formatConsoleDateTime(customer.disabledAt)}</time></>}: they cannot sign in.
          </>
        ) : (
          'Active: they can sign in and place orders.'
        )}
      </p>
      {allowed('customers.manage') && (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="outline" className={disabling ? 'h-11 border-red-300 text-red-700 hover:bg-red-50' : 'h-11'} onClick={() => access.reset()}>
              {disabling ? 'Disable account' : 'Enable account'}
            </Button>
          </DialogTrigger>
          <DialogContent
            title={disabling ? `Disable ${name}'s account?` : `Enable ${name}'s account?`}
            description={
              disabling
                ? 'They are signed out everywhere at once and cannot sign in until the account is enabled again. Their orders are kept.'
                : 'They can sign in again. Sessions from before the account was disabled stay signed out.'
            }
          >
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">{disabling ? 'Keep it active' : 'Keep it disabled'}</Button>
              </DialogClose>
              <Button className={disabling ? 'bg-red-600 hover:bg-red-700' : undefined} disabled={access.isPending} onClick={confirm}>
                {access.isPending ? 'Saving...' : disabling ? 'Yes, disable account' : 'Yes, enable account'}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      )}
      {access.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(access.error, 'Failed to change the account')}
        </p>
      )}
      {allowed('activity') && (
        <Link to={adminPaths.activityAt({ objectType: 'customer', objectId: customer._id })} className="block text-sm text-brand hover:underline">
          Changes made to this account
        </Link>
      )}
    </section>
  );
}

function CustomerOrders({ detail, busy, onPageChange }: { detail: CustomerDetail; busy: boolean; onPageChange: (page: number) => void }) {
  const { orders, total, page } = detail;
  if (orders.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No orders yet.</p>;
  return (
    <div className="space-y-4">
      <div role="region" aria-label="Customer's orders" aria-busy={busy} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Order</th>
              <th scope="col" className="px-3 py-2">Date</th>
              <th scope="col" className="px-3 py-2">Fulfilment</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Payment</th>
              <th scope="col" className="px-3 py-2 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {orders.map((order) => (
              <tr key={order._id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link to={adminPaths.order(order.number)} className="inline-flex min-h-11 items-center text-brand hover:underline md:min-h-0">
                    #{order.number}
                  </Link>
                </th>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={order.createdAt}>{formatConsoleDateTime(order.createdAt)}</time>
                </td>
                <td className="px-3 py-2">{FULFILMENT_LABELS[order.fulfilment]}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={order.status} />
                </td>
                <td className="px-3 py-2">
                  <PaymentBadge status={order.paymentStatus} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{formatRupee(order.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Customer's orders pages" page={page} total={total} perPage={CUSTOMER_ORDERS_PER_PAGE} noun={['order', 'orders']} onPageChange={onPageChange} />
    </div>
  );
}
