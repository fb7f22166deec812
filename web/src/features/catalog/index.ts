// The catalogue's public face for other features: checkout and orders change stock, and
// tell the catalogue to load it again.
export { invalidateProductQueries } from './api/invalidate-products';
