// The reviews table's query as the console keeps it in the address, in the server's own
// names (`?rating&hidden&page`), so a filtered table can be bookmarked and reloaded.
import { pageParam } from '@/admin/shared/components/table-pages';

export const RATINGS = ['5', '4', '3', '2', '1'] as const;
export type RatingFilter = (typeof RATINGS)[number];

/** Which reviews, by whether they are hidden: `false` visible ones, `true` hidden ones. */
export const VISIBILITY_LABELS = { '': 'All reviews', false: 'Visible', true: 'Hidden' } as const;
export type VisibilityFilter = keyof typeof VISIBILITY_LABELS;

/** What the table shows: `rating` 1-5 or '' for any; `hidden` as above, '' for all. */
export interface ReviewsQuery {
  rating: RatingFilter | '';
  hidden: VisibilityFilter;
  page: number;
}

/** The query an address names; anything the server would refuse is left out. */
export function parseReviewsQuery(params: URLSearchParams): ReviewsQuery {
  const rating = params.get('rating');
  const hidden = params.get('hidden');
  return {
    rating: (RATINGS as readonly string[]).includes(rating ?? '') ? (rating as RatingFilter) : '',
    hidden: hidden === 'true' || hidden === 'false' ? hidden : '',
    page: pageParam(params),
  };
}

/** The address's query for `query`, leaving out what is unset and page 1. */
export function reviewsSearch({ rating, hidden, page }: ReviewsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (rating) params.set('rating', rating);
  if (hidden) params.set('hidden', hidden);
  if (page > 1) params.set('page', String(page));
  return params;
}
