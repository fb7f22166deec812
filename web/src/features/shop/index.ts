// The shop's own details as the storefront shows them (docs/DESIGN.md §15): its currency and
// where pickup orders are collected. Checkout, order pages and Contact read them here.
export { getShopQueryOptions, useShop } from './api/get-shop';
export { PickupBlock, PickupDetails } from './components/pickup-details';
