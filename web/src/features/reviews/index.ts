// The reviews' public face for other features: the console's moderation marks a
// product's reviews stale when it hides or shows one.
export { productReviewsKey } from './api/get-product-reviews';
