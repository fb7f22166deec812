import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import { ADMIN_PAGES_KEY } from '@/api/query-keys';
import type { Page, PageData } from '@/api/types';
import { useAdminPages } from '../api/get-pages';
import { putPage, useSavePage } from '../api/save-page';
import { PageForm } from '../components/page-form';

/** /admin/pages/{slug}: one of the shop's pages, its title and Markdown body. */
export function AdminEditPagePage() {
  const { slug = '' } = useParams();
  const pages = useAdminPages();
  const page = pages.data?.find((one) => one.slug === slug);
  return (
    <div className="max-w-6xl space-y-4">
      <Link to={adminPaths.pages} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All pages
      </Link>
      {pages.isPending ? (
        <LoadingRows label="Loading page" />
      ) : pages.isError ? (
        <LoadFailed error={pages.error} onRetry={() => void pages.refetch()} />
      ) : page ? (
        <EditPage page={page} />
      ) : (
        <h1 className="text-2xl font-semibold">Page not found</h1>
      )}
    </div>
  );
}

function EditPage({ page }: { page: Page }) {
  const save = useSavePage(page.slug);
  const client = useQueryClient();
  const stale = useStaleSave(
    'page',
    (data) => (data as PageData).page,
    (latest) => client.setQueryData<Page[]>(ADMIN_PAGES_KEY, (pages) => putPage(pages, latest)),
  );
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="break-words text-2xl font-semibold">Edit {page.title}</h1>
        <p className="text-sm text-slate-600">
          Shown on the shop at{' '}
          <a href={`/pages/${page.slug}`} className="text-brand hover:underline">
            /pages/{page.slug}
          </a>
          .
        </p>
      </div>
      <PageForm
        // A fresh form for each saved version, so 'Load the latest' shows it.
        key={page.version}
        initial={{ title: page.title, body: page.body }}
        save={async (values) => {
          let saved: Page;
          try {
            saved = await save.mutateAsync({ ...values, version: page.version });
          } catch (error) {
            stale.caught(error);
            throw error;
          }
          toast.success(`${saved.title} saved`);
        }}
      />
      {stale.notice}
    </div>
  );
}
