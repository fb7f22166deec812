import { CreditCard } from 'lucide-react';
import { formatDate, formatUsd } from '@/lib/format';
import { maskedCard } from '../cards';
import type { Transaction } from '../samples';

/** Transaction rows: the masked card, the date and time, the amount (spec §3). */
export function TransactionList({ transactions }: { transactions: Transaction[] }) {
  return (
    <ul aria-label="Transactions" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="flex items-center gap-3 p-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <CreditCard className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium">{maskedCard(transaction.lastFour)}</p>
            <p className="text-sm text-slate-600">
              {/* The time is shown as stored, in UTC, like the date. */}
              <time dateTime={transaction.at}>
                {formatDate(transaction.at)}, {transaction.at.slice(11, 16)}
              </time>
            </p>
          </div>
          <p className="font-semibold">{formatUsd(transaction.amount)}</p>
        </li>
      ))}
    </ul>
  );
}
