import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { useCreateWebhook } from '../api/webhooks';
import { EMPTY_WEBHOOK, webhookRequest } from '../webhook-schema';
import { SecretDialog } from './secret-dialog';
import { WebhookForm } from './webhook-form';

/** 'Add endpoint' opens the form; once the server has added it, the form gives way to its
 * signing secret, shown this once. `full` (the shop has its 20) offers no button. */
export function AddWebhook({ full }: { full: boolean }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateWebhook();
  if (full && !open && secret === null) return <p className="text-sm text-slate-600">A shop has at most 20 webhook endpoints: delete one to add another.</p>;
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button className="h-11">
            <Plus className="h-4 w-4" aria-hidden="true" /> Add endpoint
          </Button>
        </DialogTrigger>
        <DialogContent title="Add an endpoint" description="The shop sends each event you choose to this address, signed with a secret you get next." className="max-w-2xl">
          <WebhookForm
            initial={EMPTY_WEBHOOK}
            submitLabel="Add endpoint"
            onCancel={() => setOpen(false)}
            save={async (values) => {
              const created = await create.mutateAsync(webhookRequest(values));
              setOpen(false);
              setSecret(created.secret);
            }}
          />
        </DialogContent>
      </Dialog>
      <SecretDialog secret={secret} title="Endpoint added: its signing secret" onClose={() => setSecret(null)} />
    </>
  );
}
