import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ExampleNote } from '@/features/account/components/example-note';
import { TransactionList } from '@/features/account/components/transaction-list';
import { SAMPLE_NOTE, SAMPLE_TRANSACTIONS } from '@/features/account/samples';

/** Every transaction (spec §2); example content until payments become real (DESIGN.md §5). */
export function Component() {
  return (
    <div className="space-y-6">
      <Link to={paths.paymentMethods} className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Payment Methods
      </Link>
      <h1 className="text-xl font-semibold">Transaction History</h1>
      <ExampleNote>{SAMPLE_NOTE.transactions}</ExampleNote>
      <TransactionList transactions={SAMPLE_TRANSACTIONS} />
    </div>
  );
}
