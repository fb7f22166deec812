import { RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { ConfirmDialog } from '@/admin/shared/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useDeleteWebhook, useRotateWebhookSecret } from '../api/webhooks';
import type { Webhook } from '../types';
import { SecretDialog } from './secret-dialog';

/** 'Rotate secret', after a question: the new secret is shown once, and the old one stops
 * working at once. A refusal shows below the button. */
export function RotateSecret({ webhook }: { webhook: Webhook }) {
  const rotate = useRotateWebhookSecret(webhook._id);
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const go = () => {
    setProblem(null);
    rotate.mutate(undefined, {
      onSuccess: (rotated) => setSecret(rotated.secret),
      onError: (error) => setProblem(errorMessage(error, 'Failed to rotate the secret')),
    });
  };
  return (
    <section aria-labelledby="webhook-secret-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="webhook-secret-heading" className="text-base font-semibold">
        Signing secret
      </h2>
      <p className="text-sm text-slate-600">The shop signs every request with this endpoint’s secret, shown only when it was made. Rotating gives a new one, shown once; the old one stops working at once.</p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="h-11" disabled={rotate.isPending}>
            <RotateCw className="h-4 w-4" aria-hidden="true" /> {rotate.isPending ? 'Rotating...' : 'Rotate secret'}
          </Button>
        }
        title="Rotate the signing secret?"
        description="The old secret stops working at once: requests signed with the new one fail at your endpoint until it has the new secret."
        keepLabel="Keep the old one"
        confirmLabel="Yes, rotate it"
        onConfirm={go}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <SecretDialog secret={secret} title="The new signing secret" onClose={() => setSecret(null)} />
    </section>
  );
}

/** 'Delete', after a question; then back to the list. A refusal shows below the button. */
export function DeleteWebhook({ webhook }: { webhook: Webhook }) {
  const navigate = useNavigate();
  const remove = useDeleteWebhook(webhook._id);
  const [problem, setProblem] = useState<string | null>(null);
  const del = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: (message) => {
        toast.success(message || 'Webhook deleted');
        navigate(adminPaths.webhooks);
      },
      onError: (error) => setProblem(errorMessage(error, 'Failed to delete the webhook')),
    });
  };
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50" disabled={remove.isPending}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        }
        title="Delete this endpoint?"
        description="The shop stops sending it events at once, and its deliveries go with it. This cannot be undone."
        keepLabel="Keep it"
        confirmLabel="Yes, delete it"
        onConfirm={del}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
