import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { adminReviewsKey } from '@/api/query-keys';
import type { AdminReviewList } from '@/api/types';
import type { ReviewsQuery } from '../reviews-query';

/** How many reviews the table shows on a page (the server's default). */
export const ADMIN_REVIEWS_PER_PAGE = 20;

/** GET /admin/review?rating&hidden&page&perPage: 'Reviews', every review newest first, with
 * its product, author and whether it is hidden. 400 names a bad filter. */
export const getAdminReviews = ({ rating, hidden, page }: ReviewsQuery) =>
  adminGet<AdminReviewList>('/admin/review', { rating, hidden, page, perPage: ADMIN_REVIEWS_PER_PAGE }, 'Failed to load the reviews');

export const getAdminReviewsQueryOptions = (query: ReviewsQuery) =>
  queryOptions({ queryKey: adminReviewsKey(query), queryFn: () => getAdminReviews(query), placeholderData: keepPreviousData, staleTime: 0 });

export const useAdminReviews = (query: ReviewsQuery) => useQuery(getAdminReviewsQueryOptions(query));
