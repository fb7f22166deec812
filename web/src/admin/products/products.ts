// The products table's query as the console keeps it in the address, in the server's own
// names (`?q&categoryId&subCategoryId&stock&featured&weight&archived&sortField&sortOrder&page`),
// so a filtered table can be bookmarked, shared and reloaded.
import type { AdminProduct } from '@/api/types';
import { LOW_STOCK } from '@/lib/rules';

export type StockState = 'in' | 'low' | 'out';

export const STOCK_FILTER_LABELS: Record<StockState, string> = {
  in: 'In stock',
  low: 'Low stock (1-9)',
  out: 'Out of stock',
};

/** Below this many units a product counts as low on stock (the server's `low`: 1-9). */
export const LOW_STOCK_BELOW = LOW_STOCK;

export const stockState = (stock: number): StockState => (stock <= 0 ? 'out' : stock < LOW_STOCK_BELOW ? 'low' : 'in');

export type SortField = 'createdAt' | 'name' | 'price' | 'stock';
export type SortOrder = 'asc' | 'desc';

/** The table's orders, as the sort menu offers them; the first is the server's default. */
export const SORTS: { label: string; sortField: SortField; sortOrder: SortOrder }[] = [
  { label: 'Newest first', sortField: 'createdAt', sortOrder: 'desc' },
  { label: 'Oldest first', sortField: 'createdAt', sortOrder: 'asc' },
  { label: 'Name, A to Z', sortField: 'name', sortOrder: 'asc' },
  { label: 'Name, Z to A', sortField: 'name', sortOrder: 'desc' },
  { label: 'Price, lowest first', sortField: 'price', sortOrder: 'asc' },
  { label: 'Price, highest first', sortField: 'price', sortOrder: 'desc' },
  { label: 'Stock, fewest first', sortField: 'stock', sortOrder: 'asc' },
  { label: 'Stock, most first', sortField: 'stock', sortOrder: 'desc' },
];

/** What the table shows; an empty filter is no filter. */
export interface ProductsQuery {
  q: string;
  categoryId: string;
  subCategoryId: string;
  stock: StockState | '';
  featured: 'true' | 'false' | '';
  /** 'missing': only products with a variant that has no weight (delivery prices by it). */
  weight: 'missing' | '';
  /** 'true': the archived products; '' (the server's `false`): those in the shop. */
  archived: 'true' | '';
  sortField: SortField;
  sortOrder: SortOrder;
  page: number;
}

export const DEFAULT_PRODUCTS_QUERY: ProductsQuery = {
  q: '',
  categoryId: '',
  subCategoryId: '',
  stock: '',
  featured: '',
  weight: '',
  archived: '',
  sortField: 'createdAt',
  sortOrder: 'desc',
  page: 1,
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' => (allowed.includes(value as T) ? (value as T) : '');

/** The query an address names; anything unknown falls back to the default. */
export function parseProductsQuery(params: URLSearchParams): ProductsQuery {
  return {
    q: params.get('q')?.trim() ?? '',
    categoryId: params.get('categoryId') ?? '',
    subCategoryId: params.get('subCategoryId') ?? '',
    stock: oneOf(params.get('stock'), ['in', 'low', 'out']),
    featured: oneOf(params.get('featured'), ['true', 'false']),
    weight: oneOf(params.get('weight'), ['missing']),
    archived: oneOf(params.get('archived'), ['true']),
    sortField: oneOf(params.get('sortField'), ['createdAt', 'name', 'price', 'stock']) || 'createdAt',
    sortOrder: oneOf(params.get('sortOrder'), ['asc', 'desc']) || 'desc',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The address's query string for `query`, leaving out what is at its default. */
export function productsSearch(query: Partial<ProductsQuery>): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'categoryId', 'subCategoryId', 'stock', 'featured', 'weight', 'archived'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.sortField && query.sortField !== 'createdAt') params.set('sortField', query.sortField);
  if (query.sortOrder && query.sortOrder !== 'desc') params.set('sortOrder', query.sortOrder);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether the search or a filter narrows the table (the archived view aside). */
export const isSearched = (query: ProductsQuery) => Boolean(query.q || query.categoryId || query.subCategoryId || query.stock || query.featured || query.weight);

/** 'Faucets / Basin Taps'. */
export const categoryLine = (product: Pick<AdminProduct, 'category' | 'subCategory'>) => `${product.category.title} / ${product.subCategory.title}`;
