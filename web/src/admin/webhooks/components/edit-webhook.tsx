import { toast } from 'sonner';
import { useUpdateWebhook } from '../api/webhooks';
import type { Webhook } from '../types';
import { webhookFormValues, webhookPatch } from '../webhook-schema';
import { WebhookForm } from './webhook-form';

/** The endpoint's URL, events, description and whether it is on; saving sends what
 * changed (PATCH) and the form starts again from the endpoint as saved. */
export function EditWebhook({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook(webhook._id);
  return (
    <section aria-labelledby="webhook-settings-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="webhook-settings-heading" className="text-base font-semibold">
        Endpoint
      </h2>
      <WebhookForm
        editing
        initial={webhookFormValues(webhook)}
        submitLabel="Save changes"
        save={async (values) => {
          const patch = webhookPatch(webhook, values);
          if (Object.keys(patch).length === 0) return;
          const saved = await update.mutateAsync(patch);
          toast.success(saved.message || 'Webhook updated');
          return webhookFormValues(saved.webhook);
        }}
      />
    </section>
  );
}
