import { useState, type ReactElement } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';

/** `trigger` opens a question that says what follows; only `confirmLabel` goes ahead
 * (`onConfirm`, after the dialog closes), `keepLabel` and Escape change nothing. The
 * button that goes ahead is red unless `safe` (undoing a block, say). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  keepLabel,
  confirmLabel,
  onConfirm,
  safe = false,
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  safe?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{keepLabel}</Button>
          </DialogClose>
          <Button
            className={safe ? undefined : 'bg-red-600 hover:bg-red-700'}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
