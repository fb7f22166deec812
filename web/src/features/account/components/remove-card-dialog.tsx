import { useState, type ReactElement } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { BRAND_NAMES, CARDS_NOT_YET } from '../cards';
import type { SavedCard } from '../samples';

/** 'Remove Payment Method', opened by `trigger`, with No / Yes (spec §2). Cards cannot be
 * removed yet (DESIGN.md §5): Yes closes it and says so. */
export function RemoveCardDialog({ card, trigger }: { card: SavedCard; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Remove Payment Method" description={`Remove the ${BRAND_NAMES[card.brand]} card ending in ${card.lastFour}?`} className="max-w-sm">
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">No</Button>
          </DialogClose>
          <Button
            onClick={() => {
              setOpen(false);
              toast.info(CARDS_NOT_YET);
            }}
          >
            Yes
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
