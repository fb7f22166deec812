// What other console areas use of the products area: the dashboard's stock panels link to
// the products table, filtered, and name the variant an entry counts.
export { productsSearch } from './products';
export { optionsLabel } from './variant-grid';
export type { VariantStockProduct } from './variant-types';
