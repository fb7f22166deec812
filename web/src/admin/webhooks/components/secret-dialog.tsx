import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { fieldControlClass } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

export const SECRET_WARNING = 'Copy this secret now: it will not be shown again.';

/** An endpoint's signing secret, shown once: the server answers it only when the endpoint
 * is added and when its secret is rotated, and the console keeps it nowhere else. Open
 * while `secret` is set; `onClose` drops it. A click beside the dialog does not close it,
 * so the secret is not lost by a slip. */
export function SecretDialog({ secret, title, onClose }: { secret: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      {secret !== null && (
        <DialogContent title={title} description={SECRET_WARNING} onInteractOutside={(event) => event.preventDefault()}>
          {/* Keyed by the secret, so a new one starts uncopied. */}
          <SecretBox key={secret} secret={secret} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function SecretBox({ secret, onClose }: { secret: string; onClose: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success('Secret copied');
    } catch {
      document.getElementById(id)?.focus();
      toast.error('The browser would not copy it: select the secret and copy it yourself.');
    }
  };
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Signing secret
        </label>
        <input id={id} readOnly value={secret} onFocus={(event) => event.target.select()} className={cn(fieldControlClass, 'h-11 font-mono text-xs')} />
        <p className="text-xs text-slate-600">Your endpoint checks each request’s signature with it. Keep it as you keep a password.</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" className="h-11" onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button className="h-11" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
