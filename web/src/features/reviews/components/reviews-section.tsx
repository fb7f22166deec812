import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LazyPopup } from '@/components/ui/lazy-popup';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { Pagination } from '@/components/ui/pagination';
import { useProductReviews } from '../api/get-product-reviews';
import { REVIEWS_PER_PAGE, reviewPages, showingLine, SKELETON_REVIEWS } from '../reviews';
import { ReviewCard } from './review-card';

// The dialog (Radix's, the photo drop zone) loads when first opened, not with the page.
const loadReviewDialog = () => import('./review-dialog');
const ReviewDialog = lazy(() => loadReviewDialog().then((m) => ({ default: m.ReviewDialog })));

/** 'Rating & Reviews' under a product (spec §2). */
export function ReviewsSection({ productId }: { productId: string | undefined }) {
  const [page, setPage] = useState(1);
  const signedIn = useAuth((state) => state.isAuthenticated);
  const reviews = useProductReviews(productId ?? '', page);

  if (!productId) return <p role="alert" className="text-red-600">Product ID is required</p>;

  const total = reviews.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
        <div>
          <h2 id="reviews-heading" className="text-xl font-semibold">
            Rating &amp; Reviews
          </h2>
          <p className="text-sm text-slate-600">
            All Reviews <span className="text-slate-900">({total})</span>
          </p>
        </div>
        {signedIn ? (
          <LazyPopup load={loadReviewDialog} popup="dialog" trigger={(props) => <Button {...props}>Write a Review</Button>}>
            {(trigger) => <ReviewDialog productId={productId} trigger={trigger} />}
          </LazyPopup>
        ) : (
          <Button asChild variant="outline">
            <Link to={paths.login}>Please Login to Write a Review</Link>
          </Button>
        )}
      </div>
      {reviews.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading reviews">
          {Array.from({ length: SKELETON_REVIEWS }, (_, i) => (
            <div key={i} data-testid="review-skeleton" className="space-y-3 rounded-lg border border-slate-200 p-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-8 w-1/2" />
            </div>
          ))}
        </div>
      ) : reviews.isError ? (
        <p role="alert" className="text-red-600">Failed to load reviews</p>
      ) : reviews.data.reviews.length === 0 ? (
        <p className="text-slate-600">No reviews found for this product.</p>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            {reviews.data.reviews.map((review) => (
              <ReviewCard key={review._id} review={review} />
            ))}
          </div>
          <p className="text-center text-sm text-slate-600">{showingLine(page, REVIEWS_PER_PAGE, total)}</p>
          {totalPages > 1 && (
            <Pagination label="Review pages" page={page} totalPages={totalPages} items={reviewPages(page, totalPages)} onPageChange={goTo} />
          )}
        </>
      )}
    </section>
  );
}
