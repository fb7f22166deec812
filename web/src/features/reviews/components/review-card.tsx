import { lazy } from 'react';
import type { Review } from '@/api/types';
import { LazyPopup } from '@/components/ui/lazy-popup';
import { Stars } from '@/components/ui/stars';
import { mediaUrl } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { THUMBNAILS_SHOWN } from '../reviews';

// The dialog (Radix's) loads when first opened, not with the page.
const loadImagesDialog = () => import('./review-images-dialog');
const ReviewImagesDialog = lazy(() => loadImagesDialog().then((m) => ({ default: m.ReviewImagesDialog })));

/** One review: stars (x/5), date, comment, up to 8 thumbnails with a +N overlay and
 * 'Show all images', and the reviewer with the title 'Customer' (spec §2). */
export function ReviewCard({ review }: { review: Review }) {
  const images = review.images;
  const shown = images.slice(0, THUMBNAILS_SHOWN);
  const hidden = images.length - shown.length;
  const name = review.user.fullName || 'Customer';
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 p-4" aria-label={`Review by ${name}`}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Stars rating={review.rating} />
          <span className="text-sm text-slate-600">{review.rating}/5</span>
        </div>
        <time dateTime={review.createdAt} className="text-sm text-slate-500">
          {formatDate(review.createdAt)}
        </time>
      </div>
      <p className="whitespace-pre-line text-slate-800">{review.comment}</p>
      {shown.length > 0 && (
        <div className="space-y-1">
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8" aria-label="Review photos">
            {shown.map((path, i) => (
              <li key={path} className="relative">
                <img src={mediaUrl(path)} alt={`Photo ${i + 1} of the review`} width={96} height={96} loading="lazy" className="aspect-square w-full rounded object-cover" />
                {i === THUMBNAILS_SHOWN - 1 && hidden > 0 && (
                  <span className="absolute inset-0 flex items-center justify-center rounded bg-black/60 font-semibold text-white">+{hidden}</span>
                )}
              </li>
            ))}
          </ul>
          {hidden > 0 && (
            <p className="text-sm text-slate-600">
              Showing {THUMBNAILS_SHOWN} of {images.length} images{' '}
              <LazyPopup
                load={loadImagesDialog}
                popup="dialog"
                trigger={(props) => (
                  <button type="button" className="font-medium text-brand hover:underline" {...props}>
                    Show all images
                  </button>
                )}
              >
                {(trigger) => <ReviewImagesDialog images={images} trigger={trigger} />}
              </LazyPopup>
            </p>
          )}
        </div>
      )}
      <div className="flex items-center gap-3">
        {review.user.profilePhoto ? (
          <img src={review.user.profilePhoto} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 text-slate-600">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <p className="font-medium">{name}</p>
          <p className="text-sm text-slate-500">Customer</p>
        </div>
      </div>
    </article>
  );
}
