import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useSearchSynonyms } from '../api/search-synonyms';
import { SynonymsForm } from '../components/synonyms-form';

/** /admin/search-synonyms: the words the trade uses for one another, which every search
 * in the shop reads alike (docs/DESIGN.md §15). */
export function AdminSearchSynonymsPage() {
  const synonyms = useSearchSynonyms();
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Search synonyms</h1>
      <p className="text-sm text-slate-600">
        Shoppers type what the trade says. Sizes are already read together and apart (15mm is 15 mm, 1/2&quot; is ½ inch); a size in another system is the
        same only if you say so here. Every change shows in the shop&apos;s next search.
      </p>
      {synonyms.isPending ? (
        <LoadingRows label="Loading search synonyms" />
      ) : synonyms.isError ? (
        <LoadFailed error={synonyms.error} onRetry={() => void synonyms.refetch()} />
      ) : (
        // A fresh form for each saved version, so 'Load the latest' shows it.
        <SynonymsForm key={synonyms.data.version} saved={synonyms.data} />
      )}
    </div>
  );
}
