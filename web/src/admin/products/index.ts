// What other console areas use of the products area: the dashboard's stock panels link to
// the products table, filtered.
export { productsSearch } from './products';
