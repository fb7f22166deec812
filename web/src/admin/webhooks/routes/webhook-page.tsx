import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadingRows } from '@/admin/shared/components/load-states';
import { pageParam } from '@/admin/shared/components/table-pages';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatConsoleDate } from '@/lib/format';
import { useWebhook } from '../api/webhooks';
import { ActiveBadge } from '../components/badges';
import { DeliveriesTable } from '../components/deliveries-table';
import { EditWebhook } from '../components/edit-webhook';
import { DeleteWebhook, RotateSecret } from '../components/webhook-actions';
import type { Webhook } from '../types';

/** /admin/webhooks/{id}?page: one endpoint, its secret, and a page of its deliveries. */
export default function WebhookPage() {
  const { id = '' } = useParams();
  const webhook = useWebhook(id);
  return (
    <div className="max-w-5xl space-y-4">
      <Link to={adminPaths.webhooks} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All webhooks
      </Link>
      {webhook.isPending ? (
        <LoadingRows label="Loading webhook" />
      ) : webhook.isError ? (
        <div className="space-y-3">
          <h1 className="text-2xl font-semibold">Webhook</h1>
          <div role="alert" className="space-y-3">
            <p className="text-red-600">{webhook.error.message}</p>
            {/* A webhook that is not there will not be by trying again. */}
            {!(webhook.error instanceof ApiError && webhook.error.status === 404) && (
              <Button variant="outline" onClick={() => void webhook.refetch()}>
                Try again
              </Button>
            )}
          </div>
        </div>
      ) : (
        // Keyed by the endpoint, so another endpoint's page starts with its own forms.
        <WebhookDetail key={webhook.data._id} webhook={webhook.data} />
      )}
    </div>
  );
}

function WebhookDetail({ webhook }: { webhook: Webhook }) {
  const [params, setParams] = useSearchParams();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="break-all text-2xl font-semibold">{webhook.url || 'Webhook'}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <ActiveBadge active={webhook.active} />
          <span>
            Added <time dateTime={webhook.createdAt}>{formatConsoleDate(webhook.createdAt)}</time>
          </span>
        </div>
        {webhook.description && <p className="break-words text-sm text-slate-700">{webhook.description}</p>}
        {!webhook.active && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This endpoint is off: the shop sends it nothing. An endpoint that keeps failing for a day is switched off; switch it on below once it answers again.
          </p>
        )}
      </div>
      <EditWebhook webhook={webhook} />
      <RotateSecret webhook={webhook} />
      <section aria-labelledby="webhook-deliveries-heading" className="space-y-3">
        <h2 id="webhook-deliveries-heading" className="text-base font-semibold">
          Deliveries
        </h2>
        <DeliveriesTable webhookId={webhook._id} page={pageParam(params)} onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})} />
      </section>
      <DeleteWebhook webhook={webhook} />
    </div>
  );
}
