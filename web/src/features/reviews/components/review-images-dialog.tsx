import { useState, type ReactElement } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { mediaUrl } from '@/lib/api-client';

/** Every photo of a review, in the dialog `trigger` ('Show all images') opens. Loaded when
 * first opened (review-card.tsx), so it starts open. */
export function ReviewImagesDialog({ images, trigger }: { images: string[]; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={`All Images (${images.length})`} className="max-w-3xl">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((path, i) => (
            <li key={path}>
              <img src={mediaUrl(path)} alt={`Photo ${i + 1} of the review`} width={300} height={300} loading="lazy" className="aspect-square w-full rounded object-cover" />
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
