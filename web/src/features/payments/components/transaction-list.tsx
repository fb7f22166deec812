import { Banknote, CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime, formatRupee } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Transaction } from '../api/types';
import { isRefund, transactionPurpose, transactionSource } from '../transactions';

/** Transaction rows: the masked card, the date and time, what it was for (with a link to
 * the order), the amount in the cart's reading; a failed one with the provider's message. */
export function TransactionList({ transactions }: { transactions: Transaction[] }) {
  return (
    <ul aria-label="Transactions" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {transactions.map((transaction) => (
        <TransactionRow key={transaction._id} transaction={transaction} />
      ))}
    </ul>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const failed = transaction.status === 'failed';
  const refund = isRefund(transaction);
  const Icon = transaction.last4 === null ? Banknote : CreditCard;
  return (
    <li className="flex items-start gap-3 p-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium">{transactionSource(transaction)}</p>
        <p className="text-sm text-slate-700">
          {transactionPurpose(transaction)}
          {transaction.orderNumber !== null && (
            <>
              {' '}
              <Link to={paths.myOrder(transaction.orderNumber)} className="inline-flex min-h-6 items-center text-brand hover:underline">
                #{transaction.orderNumber}
              </Link>
            </>
          )}
        </p>
        <p className="text-sm text-slate-600">
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
        </p>
        {failed && transaction.message && <p className="text-sm text-red-600">{transaction.message}</p>}
      </div>
      <div className="shrink-0 space-y-1 text-right">
        <p className={cn('font-semibold', failed && 'text-slate-500 line-through', refund && !failed && 'text-emerald-700')}>
          {refund ? '-' : ''}
          {formatRupee(transaction.amount)}
        </p>
        {transaction.status !== 'succeeded' && (
          <p className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', failed ? 'bg-red-50 text-red-700' : 'bg-amber-50 text-amber-800')}>
            {failed ? 'Failed' : 'Pending'}
          </p>
        )}
      </div>
    </li>
  );
}
