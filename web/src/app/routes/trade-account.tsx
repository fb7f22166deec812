import { useSignedInUserId } from '@/features/auth';
import { TradeAccount } from '@/features/trade';
import { useDocumentTitle } from '@/lib/page-title';

/** Trade Account (docs/DESIGN.md §11): applying for trade prices and pay on account, and
 * where the application stands. */
export function Component() {
  useDocumentTitle('Trade Account');
  const userId = useSignedInUserId();
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Trade Account</h1>
      {userId && <TradeAccount userId={userId} />}
    </div>
  );
}
