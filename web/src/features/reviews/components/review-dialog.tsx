import { ImagePlus, Star, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { useCreateReview } from '../api/create-review';
import { addPhotos, COMMENT_MAX, COMMENT_MIN, commentIsValid, MAX_PHOTOS } from '../reviews';

/** The dialog 'Write a Review' (`trigger`) opens (spec §2, §5): stars, a comment with a
 * counter, a photo drop zone with removable previews, clear and submit. Loaded when first
 * opened (reviews-section.tsx), so it starts open. */
export function ReviewDialog({ productId, trigger }: { productId: string; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  const [rating, setRating] = useState(0);
  const [hovered, setHovered] = useState(0);
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateReview();
  const previews = useMemo(() => photos.map((file) => URL.createObjectURL(file)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const length = comment.trim().length;
  const valid = rating >= 1 && commentIsValid(comment);
  const clear = () => {
    setRating(0);
    setComment('');
    setPhotos([]);
  };
  const take = (list: FileList | null) => {
    // Copied now: the input's FileList empties when the input is reset below.
    const files = Array.from(list ?? []);
    setPhotos((current) => addPhotos(current, files));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };
  const submit = () =>
    create.mutate(
      { productId, rating, comment, images: photos },
      {
        onSuccess: () => {
          clear();
          setOpen(false);
        },
        onError: () => toast.error('Failed to submit review'),
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Write Review" description="Share your experience to help others make informed decisions.">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid && !create.isPending) submit();
          }}
        >
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Rating</legend>
            <div className="flex gap-1" onMouseLeave={() => setHovered(0)}>
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-label={`${n} star${n === 1 ? '' : 's'}`}
                  aria-pressed={rating === n}
                  onMouseEnter={() => setHovered(n)}
                  onClick={() => setRating(n)}
                >
                  <Star className={cn('h-7 w-7', n <= (hovered || rating) ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden="true" />
                </button>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1">
            <label htmlFor="review-comment" className="text-sm font-medium">
              Your review
            </label>
            <textarea
              id="review-comment"
              rows={5}
              maxLength={COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className="w-full rounded-md border border-slate-300 p-3 text-sm"
              placeholder="What did you like or dislike?"
            />
            <p className={cn('text-right text-xs', length < COMMENT_MIN ? 'text-red-600' : 'text-slate-500')} data-testid="comment-counter">
              {length}/{COMMENT_MAX}
            </p>
          </div>
          <div
            role="button"
            tabIndex={0}
            aria-label="Add photos"
            onClick={() => fileInput.current?.click()}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && fileInput.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed p-4 text-center text-sm text-slate-600',
              dragging ? 'border-brand bg-slate-50' : 'border-slate-300',
            )}
          >
            <ImagePlus className="h-6 w-6" aria-hidden="true" />
            <span>Drag photos here or click to choose</span>
            <span className="text-xs">PNG, JPG, WEBP · up to {MAX_PHOTOS} photos, 10 MB each</span>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              hidden
              data-testid="review-photos"
              onChange={(e) => {
                take(e.target.files);
                e.target.value = '';
              }}
            />
          </div>
          {photos.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Chosen photos">
              {previews.map((url, i) => (
                <li key={url} className="relative">
                  <img src={url} alt={photos[i].name} width={64} height={64} className="h-16 w-16 rounded object-cover" />
                  <button
                    type="button"
                    aria-label={`Remove ${photos[i].name}`}
                    onClick={() => setPhotos((current) => current.filter((_, j) => j !== i))}
                    className="absolute -right-2 -top-2 rounded-full bg-white p-0.5 shadow"
                  >
                    <X className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={clear}>
              Clear
            </Button>
            <Button type="submit" disabled={!valid || create.isPending}>
              {create.isPending ? 'Submitting...' : 'Submit Review'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
