import { useSearchParams } from 'react-router';
import { useSignedInUserId } from '@/features/auth';
import { OrderHistory } from '@/features/orders';
import { BuyAgain } from '@/features/quick-order';
import { useDocumentTitle } from '@/lib/page-title';

/** 'Orders Details' (spec §2): the shopper's orders, newest first, each with 'Buy again'
 * (docs/DESIGN.md §11); the page is kept in the address (`page`), like the listing's. */
export function Component() {
  useDocumentTitle('Orders Details');
  const userId = useSignedInUserId();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Orders Details</h1>
      {userId && (
        <OrderHistory
          userId={userId}
          page={page}
          orderActions={(order) => <BuyAgain number={order.number} />}
          onPageChange={(next) => {
            setSearch(next === 1 ? {} : { page: String(next) });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
    </div>
  );
}
