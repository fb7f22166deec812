// The shop's own pages (docs/DESIGN.md §15): what the storefront's routes use of this feature.
export { getPage, getPageQueryOptions, usePage } from './api/get-page';
