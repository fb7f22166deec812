import { useSearchParams } from 'react-router';
import { useSignedInUserId } from '@/features/auth';
import { Statement } from '@/features/trade';
import { useDocumentTitle } from '@/lib/page-title';

/** Statement (docs/DESIGN.md §11): the trade account's credit and its open orders on
 * account, with their due dates; the page is kept in the address (`page`), like My Orders'. */
export function Component() {
  useDocumentTitle('Statement');
  const userId = useSignedInUserId();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Statement</h1>
      {userId && (
        <Statement
          userId={userId}
          page={page}
          onPageChange={(next) => {
            setSearch(next === 1 ? {} : { page: String(next) });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
    </div>
  );
}
