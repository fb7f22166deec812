// Hiding a review and showing it again. Both answer with the review as it now stands.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { shopProductsChanged } from '@/admin/shared/api/product-changed';
import { ADMIN_PRODUCTS_KEY, ADMIN_REVIEWS_KEY, adminProductKey, DASHBOARD_KEY, productReviewsKey } from '@/api/query-keys';
import type { AdminReview, AdminReviewData, AdminReviewList, HideRequest } from '@/api/types';

/** POST /admin/review/{id}/hide `{reason}` (1 to 200 characters; only administrators see
 * it): 'Review hidden'. It leaves the product's page, rating and count at once. 400
 * `errors.reason` 'A reason is required' or 'The reason must be at most 200 characters';
 * 404 'Review not found'. Hiding a hidden review keeps its first reason. */
export const hideReview = (id: string, reason: string): Promise<AdminReview> =>
  adminPost<AdminReviewData>(`/admin/review/${encodeURIComponent(id)}/hide`, { reason } satisfies HideRequest, 'Failed to hide the review').then((data) => data.review);

/** POST /admin/review/{id}/show: 'Review shown', back on the page and in the rating. 404
 * 'Review not found'. */
export const showReview = (id: string): Promise<AdminReview> =>
  adminPost<AdminReviewData>(`/admin/review/${encodeURIComponent(id)}/show`, undefined, 'Failed to show the review').then((data) => data.review);

/** The review as answered, in place on every cached page of the table, so the row on
 * screen says what happened (and offers the way back) instead of leaving a filtered page
 * at once; those pages load again when next shown. The shop's page of the product, its
 * rating on cards and listings, the console's product and the dashboard's newest
 * reviews change with it. */
function reviewChanged(client: QueryClient, review: AdminReview): Promise<unknown> {
  client.setQueriesData<AdminReviewList>({ queryKey: ADMIN_REVIEWS_KEY }, (old) => old && { ...old, reviews: old.reviews.map((r) => (r._id === review._id ? review : r)) });
  return Promise.all([
    client.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY, refetchType: 'none' }),
    client.invalidateQueries({ queryKey: productReviewsKey(review.productId) }),
    shopProductsChanged(client),
    client.invalidateQueries({ queryKey: adminProductKey(review.productId) }),
    client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
    client.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]);
}

export function useHideReview(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (reason: string) => hideReview(id, reason), onSuccess: (review) => reviewChanged(client, review) });
}

export function useShowReview(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => showReview(id), onSuccess: (review) => reviewChanged(client, review) });
}
