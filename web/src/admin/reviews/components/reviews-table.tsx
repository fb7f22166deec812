import { Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Labelled, selectClass } from '@/admin/shared/components/filter-controls';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import { useCan } from '@/admin/shared/permissions';
import type { AdminReview } from '@/api/types';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { formatConsoleDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ADMIN_REVIEWS_PER_PAGE, useAdminReviews } from '../api/get-admin-reviews';
import { useShowReview } from '../api/moderate-review';
import { RATINGS, type ReviewsQuery, VISIBILITY_LABELS, type VisibilityFilter } from '../reviews-query';
import { HideReviewDialog } from './hide-review-dialog';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** The filters and a page of reviews, newest first. `onChange` gets the whole new query
 * (the page keeps it in its address); a new filter goes back to the first page. */
export function ReviewsModeration({ query, onChange }: { query: ReviewsQuery; onChange: (next: ReviewsQuery) => void }) {
  const set = (change: Partial<ReviewsQuery>) => onChange({ ...query, ...change, page: 1 });
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:max-w-2xl">
        <Labelled label="Rating">
          {(id) => (
            <select id={id} value={query.rating} onChange={(e) => set({ rating: e.target.value as ReviewsQuery['rating'] })} className={selectClass}>
              <option value="">Any rating</option>
              {RATINGS.map((stars) => (
                <option key={stars} value={stars}>
                  {stars === '1' ? '1 star' : `${stars} stars`}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Shown in the shop">
          {(id) => (
            <select id={id} value={query.hidden} onChange={(e) => set({ hidden: e.target.value as VisibilityFilter })} className={selectClass}>
              {(Object.keys(VISIBILITY_LABELS) as VisibilityFilter[]).map((value) => (
                <option key={value} value={value}>
                  {VISIBILITY_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>
      <ReviewsTable query={query} onPageChange={(page) => onChange({ ...query, page })} />
    </div>
  );
}

function ReviewsTable({ query, onPageChange }: { query: ReviewsQuery; onPageChange: (page: number) => void }) {
  const reviews = useAdminReviews(query);
  if (reviews.isPending) return <LoadingRows label="Loading reviews" />;
  if (reviews.isError) return <LoadFailed error={reviews.error} onRetry={() => void reviews.refetch()} />;
  const { reviews: rows, total, page } = reviews.data;
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{query.rating || query.hidden ? 'No reviews match these filters.' : 'No reviews yet.'}</p>;
  }
  return (
    <div className="space-y-4">
      <div role="region" aria-label="Reviews table" aria-busy={reviews.isPlaceholderData} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">
            Reviews, newest first, page {page} of {pageCount(total, ADMIN_REVIEWS_PER_PAGE)}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Product</th>
              <th scope="col" className="px-3 py-2">Rating</th>
              <th scope="col" className="px-3 py-2">Comment</th>
              <th scope="col" className="px-3 py-2">Author</th>
              <th scope="col" className="px-3 py-2">Date</th>
              <th scope="col" className="px-3 py-2">In the shop</th>
              <th scope="col" className="px-3 py-2">Action</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((review) => (
              <ReviewRow key={review._id} review={review} />
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Reviews pages" page={page} total={total} perPage={ADMIN_REVIEWS_PER_PAGE} noun={['review', 'reviews']} onPageChange={onPageChange} />
    </div>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  const show = useShowReview(review._id);
  // The product's console page is for a role that may see the catalogue.
  const linked = useCan('catalogue.view');
  const [problem, setProblem] = useState<string | null>(null);
  const restore = () => {
    setProblem(null);
    show.mutateAsync().then(
      () => toast.success(`Review shown again on ${review.productName}`),
      (error: unknown) => setProblem(errorMessage(error, 'Failed to show the review')),
    );
  };
  return (
    <tr className={cn('align-top', review.hidden && 'bg-slate-50 text-slate-600')}>
      <th scope="row" className="min-w-[9rem] px-3 py-2 font-medium">
        {linked ? (
          <Link to={adminPaths.product(review.productId)} className="inline-flex min-h-11 items-center break-words text-brand hover:underline md:min-h-0">
            {review.productName}
          </Link>
        ) : (
          <span className="break-words">{review.productName}</span>
        )}
      </th>
      <td className="whitespace-nowrap px-3 py-2">
        <span className="inline-flex items-center gap-1">
          <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
          {review.rating}/5
        </span>
      </td>
      <td className="min-w-[14rem] max-w-md whitespace-pre-line break-words px-3 py-2">
        {review.comment}
        {review.images.length > 0 && <span className="mt-1 block text-xs text-slate-600">{review.images.length === 1 ? '1 photo' : `${review.images.length} photos`}</span>}
      </td>
      <td className="min-w-[11rem] px-3 py-2 [overflow-wrap:anywhere]">
        <span className="block">{review.user.fullName}</span>
        <span className="block text-xs text-slate-600">{review.authorEmail ?? 'Account deleted'}</span>
      </td>
      <td className="min-w-[7rem] px-3 py-2">
        <time dateTime={review.createdAt}>{formatConsoleDateTime(review.createdAt)}</time>
      </td>
      <td className="min-w-[9rem] px-3 py-2">
        {review.hidden ? (
          <>
            <span className={`${badge} bg-slate-200 text-slate-800`}>Hidden</span>
            <span className="mt-1 block break-words text-xs">
              {review.hiddenAt && (
                <>
                  On <time dateTime={review.hiddenAt}>{formatConsoleDateTime(review.hiddenAt)}</time>.{' '}
                </>
              )}
              Reason: {review.hiddenReason ?? 'none given'}
            </span>
          </>
        ) : (
          <span className={`${badge} bg-emerald-100 text-emerald-900`}>Visible</span>
        )}
      </td>
      <td className="px-3 py-2">
        {review.hidden ? (
          <Button variant="outline" className="h-11 md:h-9" disabled={show.isPending} onClick={restore}>
            {show.isPending ? 'Showing...' : 'Show'}
          </Button>
        ) : (
          <HideReviewDialog review={review} />
        )}
        {problem && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {problem}
          </p>
        )}
      </td>
    </tr>
  );
}
