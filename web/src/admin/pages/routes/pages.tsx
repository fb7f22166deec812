import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { formatDateTime } from '@/lib/format';
import { useAdminPages } from '../api/get-pages';

/** /admin/pages: the shop's six own pages (the footer's privacy, terms, …), each to edit. */
export function AdminPagesPage() {
  const pages = useAdminPages();
  return (
    <div className="max-w-3xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Pages</h1>
        <p className="text-sm text-slate-600">The pages the shop’s footer links to. Each is shown at its address on the shop as you write it here.</p>
      </div>
      {pages.isPending ? (
        <LoadingRows label="Loading pages" rows={6} />
      ) : pages.isError ? (
        <LoadFailed error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <ul aria-label="The shop’s pages" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {pages.data.map((page) => (
            <li key={page.slug} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <Link to={adminPaths.page(page.slug)} className="font-medium text-brand hover:underline">
                  {page.title}
                </Link>
                <p className="text-xs text-slate-600">
                  /pages/{page.slug} · saved {formatDateTime(page.updatedAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
