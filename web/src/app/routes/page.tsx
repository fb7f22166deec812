import { useParams } from 'react-router';
import { SafeMarkdown } from '@/components/content/markdown';
import { Skeleton } from '@/components/ui/skeleton';
import { usePage } from '@/features/pages';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/page-title';

/** /pages/{slug}: one of the shop's own pages (privacy, terms, returns, delivery, faq,
 * e-waste), as staff wrote it in the console (docs/DESIGN.md §15). Its title is the one h1;
 * the body's Markdown is shown with raw HTML as text. */
export function Component() {
  const { slug = '' } = useParams();
  const page = usePage(slug);
  const notFound = page.error instanceof ApiError && page.error.status === 404;
  useDocumentTitle(page.data?.title ?? (notFound ? 'Page not found' : null));

  if (page.isPending) {
    return (
      <div role="status" aria-label="Loading page" className="mx-auto max-w-3xl space-y-4 py-4">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 text-slate-600">The page you asked for does not exist.</p>
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="mx-auto max-w-3xl py-4">
        <p role="alert" className="text-red-600">
          {errorMessage(page.error, 'Failed to load the page')}. Please try again later.
        </p>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-3xl py-4">
      <h1 className="text-3xl font-bold">{page.data.title}</h1>
      <p className="mt-1 text-sm text-slate-600">Last updated {formatDate(page.data.updatedAt)}</p>
      <div className="mt-6">
        <SafeMarkdown text={page.data.body} />
      </div>
    </article>
  );
}
