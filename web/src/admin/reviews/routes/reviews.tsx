import { useSearchParams } from 'react-router';
import { ReviewsModeration } from '../components/reviews-table';
import { parseReviewsQuery, reviewsSearch } from '../reviews-query';

/** /admin/reviews?rating&hidden&page: every review, newest first, to hide one (with a
 * reason) or show it again. The filters live in the address. */
export function AdminReviewsPage() {
  const [params, setParams] = useSearchParams();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Reviews</h1>
      <p className="max-w-3xl text-sm text-slate-600">A hidden review leaves its product’s page, rating and review count at once; it still counts as its author’s one review of the product.</p>
      <ReviewsModeration query={parseReviewsQuery(params)} onChange={(next) => setParams(reviewsSearch(next))} />
    </div>
  );
}
