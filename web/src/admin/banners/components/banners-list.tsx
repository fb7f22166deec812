import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/admin/shared/components/confirm-dialog';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { moved, MoveButtons } from '@/admin/shared/components/move-buttons';
import { useChanging } from '@/admin/shared/use-changing';
import { BANNERS_MUTATION } from '@/api/query-keys';
import type { AdminBanner } from '@/api/types';
import { Button } from '@/components/ui/button';
import { mediaUrl } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useDeleteBanner } from '../api/delete-banner';
import { useAdminBanners } from '../api/get-admin-banners';
import { useOrderBanners } from '../api/order-banners';
import { useUpdateBanner } from '../api/update-banner';
import { BannerLinkForm } from './banner-link-form';

/** Every banner in the carousel's order, each with its image, its link and its actions. */
export function BannersList() {
  const banners = useAdminBanners();
  // A move sends the whole order as shown: none while another change is on its way.
  const busy = useChanging(BANNERS_MUTATION);
  if (banners.isPending) return <LoadingRows label="Loading banners" />;
  if (banners.isError) return <LoadFailed error={banners.error} onRetry={() => void banners.refetch()} />;
  const rows = banners.data;
  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No banners yet: the home page shows no carousel until you add one.</p>;
  const ids = rows.map((banner) => banner._id);
  return (
    <ol aria-label="Banners" className="space-y-3">
      {rows.map((banner, index) => (
        <BannerItem key={banner._id} banner={banner} index={index} ids={ids} busy={busy} />
      ))}
    </ol>
  );
}

/** One banner: its image in the carousel's shape, where it links, Edit link, Move up,
 * Move down and Delete (after a confirmation). Refusals show below, in the server's words. */
function BannerItem({ banner, index, ids, busy }: { banner: AdminBanner; index: number; ids: string[]; busy: boolean }) {
  const headingId = useId();
  const name = `banner ${index + 1}`;
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateBanner(banner._id, banner.version);
  const order = useOrderBanners();
  const remove = useDeleteBanner(banner._id);

  const move = (to: number) => {
    setProblem(null);
    order.mutateAsync(moved(ids, index, to)).then(
      () => toast.success(`Banner ${index + 1} moved to position ${to + 1}`),
      (error: unknown) => setProblem(errorMessage(error, 'Failed to reorder the banners')),
    );
  };
  const del = () => {
    setProblem(null);
    remove.mutateAsync().then(
      () => toast.success(`Banner ${index + 1} deleted`),
      (error: unknown) => setProblem(errorMessage(error, 'Failed to delete the banner')),
    );
  };

  return (
    <li>
      <section aria-labelledby={headingId} className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[minmax(0,20rem)_1fr] md:p-4">
        {/* The carousel's own proportions (1600 × 500), the whole image inside them. */}
        <img src={mediaUrl(banner.image)} alt={`Banner ${index + 1}`} width={1600} height={500} loading="lazy" className="aspect-[16/5] h-auto w-full rounded bg-slate-100 object-contain" />
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-x-2">
            <h2 id={headingId} className="text-base font-semibold">
              Banner {index + 1}
            </h2>
            <div className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="touchIcon"
                aria-label={`Edit the link of ${name}`}
                aria-expanded={editing}
                onClick={() => {
                  setProblem(null);
                  setEditing(!editing);
                }}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <MoveButtons name={name} index={index} count={ids.length} disabled={busy} onMove={move} />
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="touchIcon" aria-label={`Delete ${name}`} disabled={remove.isPending} className="text-red-700 hover:bg-red-50">
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                }
                title={`Delete banner ${index + 1}?`}
                description="It leaves the home page at once, and its uploaded image is deleted. This cannot be undone."
                keepLabel="Keep banner"
                confirmLabel="Yes, delete it"
                onConfirm={del}
              />
            </div>
          </div>
          <p className="text-sm">
            <span className="text-slate-600">Links to </span>
            <a href={banner.url} target="_blank" rel="noreferrer" className="break-all text-brand hover:underline">
              {banner.url}
            </a>
          </p>
          {editing && (
            <BannerLinkForm
              label={`New link for banner ${index + 1}`}
              initial={banner.url}
              onCancel={() => setEditing(false)}
              save={(url) =>
                update.mutateAsync(url).then(() => {
                  setEditing(false);
                  toast.success(`Banner ${index + 1} now links to ${url}`);
                })
              }
            />
          )}
          {problem && (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          )}
        </div>
      </section>
    </li>
  );
}
