import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKey, productReviewsKey } from '@/api/query-keys';
import type { Review } from '@/api/types';
import { apiSend } from '@/lib/api-client';

export interface ReviewInput {
  productId: string;
  rating: number;
  comment: string;
  images: File[];
}

export function createReview(input: ReviewInput): Promise<Review> {
  const form = new FormData();
  form.set('productId', input.productId);
  form.set('rating', String(input.rating));
  form.set('comment', input.comment.trim());
  for (const image of input.images) form.append('images', image);
  return apiSend<{ review: Review }>('POST', '/review', form, 'Failed to create review').then((data) => data.review);
}

/** Writes a review, then refreshes the product's reviews and its rating. */
export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (_, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: productReviewsKey(input.productId) }),
        client.invalidateQueries({ queryKey: productKey(input.productId) }),
      ]),
  });
}
