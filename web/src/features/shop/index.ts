// The shop's own details as the storefront shows them (docs/DESIGN.md §10, §15): its
// currency, where pickup orders are collected, and how prices are read (with or without
// tax). Checkout, order pages, Contact and every price read them here.
export { getShopQueryOptions, useShop } from './api/get-shop';
export { PickupBlock, PickupDetails } from './components/pickup-details';
export { PriceReadingSwitch } from './components/price-reading-switch';
export { PRICE_READING_STORAGE_KEY, priceIn, readingLabel, usePriceReading, usePriceReadingStore, useTaxLabel, useTaxRows } from './price-reading';
