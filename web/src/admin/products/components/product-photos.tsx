import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AdminProduct } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { ProductImage } from '@/components/ui/product-bits';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, useAddProductPhotos } from '../api/add-product-photos';
import { useSetProductPhotos } from '../api/set-product-photos';

const ACCEPTED = 'image/jpeg,image/png,image/gif,image/webp';

/** Why an upload was refused, in a sentence that says nothing was added. The server's
 * message names the rule; the status picks the fallback when it sends none. */
export function uploadRefusal(error: unknown): string {
  const fallback: Record<number, string> = {
    400: `A product can have at most ${MAX_PHOTOS} photos`,
    413: 'Each image must be at most 10 MB and 40 megapixels',
    415: 'Only JPEG, PNG, GIF and WebP images can be added',
    422: 'An image could not be read',
  };
  const status = error instanceof ApiError ? error.status : 0;
  const reason = errorMessage(error, fallback[status] ?? 'Failed to add the photos').replace(/\.$/, '');
  return `No photos were added: ${reason}.`;
}

/** `files` checked against the limits before they are sent: none over 10 MB, no more
 * than the product has room for. The server checks both again, and the file types. */
function checkFiles(files: File[], room: number): string | null {
  if (files.length > room) {
    return room === 0 ? `No photos were added: a product can have at most ${MAX_PHOTOS} photos. Remove one first.` : `No photos were added: this product has room for ${room} more (at most ${MAX_PHOTOS} in all).`;
  }
  const large = files.find((file) => file.size > MAX_PHOTO_BYTES);
  return large ? `No photos were added: ${large.name} is over 10 MB (each image must be at most 10 MB).` : null;
}

/** The product's photos in the order the shop shows them: add several at once, move one
 * earlier or later, remove one after a confirmation. */
export function ProductPhotos({ product }: { product: AdminProduct }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const add = useAddProductPhotos(product._id);
  const arrange = useSetProductPhotos(product._id);
  const [problem, setProblem] = useState<string | null>(null);
  const photos = product.images;
  const room = MAX_PHOTOS - photos.length;
  const busy = add.isPending || arrange.isPending;

  const upload = (files: File[]) => {
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const refused = checkFiles(files, room);
    setProblem(refused);
    if (refused) return;
    add.mutate(files, {
      onSuccess: () => toast.success(files.length === 1 ? 'Photo added' : `${files.length} photos added`),
      onError: (error) => setProblem(uploadRefusal(error)),
    });
  };
  /** Keeps `images`, in that order; the rest are removed. */
  const keep = (images: string[], done: string) => {
    setProblem(null);
    arrange.mutate(images, {
      onSuccess: () => toast.success(done),
      onError: (error) => setProblem(errorMessage(error, 'Failed to update the photos')),
    });
  };
  const move = (from: number, to: number) => {
    const next = [...photos];
    [next[from], next[to]] = [next[to], next[from]];
    keep(next, `Photo ${from + 1} moved to position ${to + 1}`);
  };

  return (
    <section aria-labelledby="photos-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="photos-heading" className="text-base font-semibold">
        Photos ({photos.length} of {MAX_PHOTOS})
      </h2>
      <p className="text-sm text-slate-600">
        The first photo is the one the shop shows on product cards and first on the product’s page. JPEG, PNG, GIF or WebP, at most 10 MB each.
      </p>
      {photos.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">No photos yet: the shop shows a placeholder until you add one.</p>
      ) : (
        <ol aria-label="Photos" className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-4">
          {photos.map((path, index) => (
            <li key={path} className="space-y-2 rounded-md border border-slate-200 p-2">
              <div className="relative">
                <ProductImage path={path} alt={`Photo ${index + 1} of ${product.name}`} width={240} height={240} className="aspect-square w-full rounded object-cover" />
                {index === 0 && <span className="absolute left-1 top-1 rounded bg-slate-900 px-2 py-0.5 text-xs font-medium text-white">Shown on cards</span>}
              </div>
              <div className="flex items-center justify-between gap-1">
                <span className="text-sm text-slate-700">Photo {index + 1}</span>
                <div className="flex gap-1">
                  <Button variant="ghost" size="touchIcon" aria-label={`Move photo ${index + 1} earlier`} disabled={busy || index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="touchIcon" aria-label={`Move photo ${index + 1} later`} disabled={busy || index === photos.length - 1} onClick={() => move(index, index + 1)}>
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <RemovePhotoDialog index={index} disabled={busy} onRemove={() => keep(photos.filter((other) => other !== path), `Photo ${index + 1} removed`)} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Add photos
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED}
          disabled={busy || room === 0}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => upload(Array.from(event.target.files ?? []))}
          className="block w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium hover:file:bg-slate-50"
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {room === 0 ? `This product has ${MAX_PHOTOS} photos, the most it can have.` : `Choose up to ${room} at once; they go after the photos above.`}
        </p>
      </div>
      {busy && (
        <p role="status" className="text-sm text-slate-600">
          {add.isPending ? 'Uploading...' : 'Saving...'}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </section>
  );
}

function RemovePhotoDialog({ index, disabled, onRemove }: { index: number; disabled: boolean; onRemove: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="touchIcon" aria-label={`Remove photo ${index + 1}`} disabled={disabled} className="text-red-700 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent title={`Remove photo ${index + 1}?`} description="The shop stops showing it, and a photo uploaded here is deleted. This cannot be undone.">
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep photo</Button>
          </DialogClose>
          <Button
            className="bg-red-600 hover:bg-red-700"
            onClick={() => {
              setOpen(false);
              onRemove();
            }}
          >
            Yes, remove it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
