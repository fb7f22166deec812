import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useWebhooks } from '../api/webhooks';
import { AddWebhook } from '../components/add-webhook';
import { WebhooksTable } from '../components/webhooks-table';

/** The most endpoints a shop may have (the server refuses a 21st with 409). */
const MAX_WEBHOOKS = 20;

/** /admin/webhooks: the endpoints the shop sends its events to, and adding one. */
export default function WebhooksPage() {
  const webhooks = useWebhooks();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Webhooks</h1>
          <p className="text-sm text-slate-600">Send the shop&apos;s events to your other systems: accounting, ERP, chat.</p>
        </div>
        {webhooks.isSuccess && <AddWebhook full={webhooks.data.length >= MAX_WEBHOOKS} />}
      </div>
      {webhooks.isPending ? (
        <LoadingRows label="Loading webhooks" />
      ) : webhooks.isError ? (
        <LoadFailed error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : (
        <WebhooksTable webhooks={webhooks.data} />
      )}
    </div>
  );
}
