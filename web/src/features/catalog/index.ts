// The catalogue's public face for other features: checkout and orders change stock, and
// tell the catalogue to load it again; long lists page with the listing's window of page
// numbers; the console's product form and filters offer the shop's categories, and the
// console's category page keeps the shop's own copy current as it changes it; the
// header's search box shows the suggestions.
export { getCategoriesQueryOptions, useCategories } from './api/get-categories';
export { invalidateProductQueries } from './api/invalidate-products';
export { listingPages } from './listing';
export { canSuggest, useSuggestions } from './api/get-suggestions';
// What the §9 fields look like until the generated types carry them: the cart, checkout
// and orders read a line's variant through these.
export { hasSeveralVariants } from './variant-types';
export type { LineVariant, ListedProduct, PriceRange, ProductDetail, SaleUnit, Variant, VariantItem, VariantOptions, VariantOrderLine, VariantQuoteLine } from './variant-types';
