import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productReviewsPageKey } from '@/api/query-keys';
import type { ReviewList } from '@/api/types';
import { apiGet } from '@/lib/api-client';
import { REVIEWS_PER_PAGE } from '../reviews';

export const getProductReviews = (productId: string, page: number): Promise<ReviewList> =>
  apiGet<ReviewList>(
    `/review/product/${encodeURIComponent(productId)}`,
    { page, perPage: REVIEWS_PER_PAGE, keyword: '' },
    'Failed to fetch product reviews',
  );

export const getProductReviewsQueryOptions = (productId: string, page: number) =>
  queryOptions({
    queryKey: productReviewsPageKey(productId, page),
    queryFn: () => getProductReviews(productId, page),
    placeholderData: keepPreviousData,
  });

export const useProductReviews = (productId: string, page: number) => useQuery(getProductReviewsQueryOptions(productId, page));
