// The shop listing's state lives in the URL (spec §2 route table), so links, reload and
// the back button all work. This module turns the URL into the API's query and back.
import type { PageItem } from '@/components/ui/pagination';

/** The six sort options of spec §4, in the order the control lists them. */
export const SORT_OPTIONS = [
  { value: 'name_asc', label: 'Name (A-Z)', sortField: 'name', sortOrder: 'asc' },
  { value: 'name_desc', label: 'Name (Z-A)', sortField: 'name', sortOrder: 'desc' },
  { value: 'price_asc', label: 'Price (Low to High)', sortField: 'price', sortOrder: 'asc' },
  { value: 'price_desc', label: 'Price (High to Low)', sortField: 'price', sortOrder: 'desc' },
  { value: 'newest', label: 'Newest First', sortField: 'createdAt', sortOrder: 'desc' },
  { value: 'oldest', label: 'Oldest First', sortField: 'createdAt', sortOrder: 'asc' },
] as const;

/** 'Best match': the server's relevance order, best first. It ranks by the keyword's
 * words, so it is offered, and sent, only with a keyword that has some; then it comes
 * first and is the default (docs/DESIGN.md §15), while the API's own default stays newest. */
export const BEST_MATCH = { value: 'best', label: 'Best match', sortField: 'relevance' } as const;

export type SortValue = (typeof SORT_OPTIONS)[number]['value'] | typeof BEST_MATCH.value;

/** The sort without a keyword. */
export const DEFAULT_SORT: SortValue = 'newest';
export const DEFAULT_LIMIT = 10;
/** The listing's skeleton shows this many cards (spec §9). */
export const SKELETON_CARDS = 8;

/** What the listing shows, read from the URL. */
export interface Listing {
  page: number;
  limit: number;
  sort: SortValue;
  keyword: string;
  category: string;
  subCategory: string;
  minPrice: string;
  maxPrice: string;
}

/** Whether `keyword` has a word to rank by: a letter or a digit, as the server splits words. */
function hasWords(keyword: string): boolean {
  return /[\p{Alphabetic}\p{N}]/u.test(keyword);
}

/** The sort options offered for `keyword`: 'Best match' first when there is one to rank by. */
export function sortOptions(keyword: string) {
  return hasWords(keyword) ? [BEST_MATCH, ...SORT_OPTIONS] : [...SORT_OPTIONS];
}

/** The sort a listing has unless the shopper picks another: best match with a keyword
 * to rank by, newest first without. */
export function defaultSort(keyword: string): SortValue {
  return hasWords(keyword) ? BEST_MATCH.value : DEFAULT_SORT;
}

/** The sort in effect: the listing's, when offered for its keyword; the default otherwise. */
function sortOf(listing: Pick<Listing, 'sort' | 'keyword'>) {
  const options = sortOptions(listing.keyword);
  const fallback = defaultSort(listing.keyword);
  return options.find((o) => o.value === listing.sort) ?? options.find((o) => o.value === fallback)!;
}

function positive(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function readListing(params: URLSearchParams): Listing {
  const keyword = params.get('keyword')?.trim() ?? '';
  return {
    page: positive(params.get('page'), 1),
    limit: Math.min(positive(params.get('limit'), DEFAULT_LIMIT), 100),
    // No sort, or 'best' without a keyword, reads as the keyword's default.
    sort: sortOf({ sort: params.get('sort') as SortValue, keyword }).value,
    keyword,
    category: params.get('category') ?? '',
    // The header links say subCategory; older links say subcategory (docs/DESIGN.md §5).
    subCategory: params.get('subCategory') ?? params.get('subcategory') ?? '',
    minPrice: params.get('minPrice') ?? '',
    maxPrice: params.get('maxPrice') ?? '',
  };
}

/** The URL for `listing`, leaving defaults out so links stay short. */
export function listingSearch(listing: Listing): URLSearchParams {
  const params = new URLSearchParams();
  if (listing.page !== 1) params.set('page', String(listing.page));
  if (listing.limit !== DEFAULT_LIMIT) params.set('limit', String(listing.limit));
  const sort = sortOf(listing).value;
  if (sort !== defaultSort(listing.keyword)) params.set('sort', sort);
  if (listing.keyword) params.set('keyword', listing.keyword);
  if (listing.category) params.set('category', listing.category);
  if (listing.subCategory) params.set('subCategory', listing.subCategory);
  if (listing.minPrice) params.set('minPrice', listing.minPrice);
  if (listing.maxPrice) params.set('maxPrice', listing.maxPrice);
  return params;
}

/** The product-list query of spec §3 for `listing`, asking for the filters' counts too. */
export function productQuery(listing: Listing) {
  const sort = sortOf(listing);
  return {
    page: listing.page,
    perPage: listing.limit,
    sortField: sort.sortField,
    // Relevance has one direction, best first.
    sortOrder: 'sortOrder' in sort ? sort.sortOrder : undefined,
    keyword: listing.keyword || undefined,
    categoryIds: listing.category || undefined,
    subCategoryIds: listing.subCategory || undefined,
    minPrice: listing.minPrice || undefined,
    maxPrice: listing.maxPrice || undefined,
    facets: 'true',
  };
}


/** The listing's page buttons (spec §2): every page up to 7 pages; beyond, the first,
 * the last, the current one and its neighbours, with ellipses for the gaps. */
export function listingPages(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const shown = [...new Set([1, current - 1, current, current + 1, total])]
    .filter((p) => p >= 1 && p <= total)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  shown.forEach((page, i) => {
    if (i > 0 && page - shown[i - 1] > 1) items.push(i === 1 ? 'ellipsis-start' : 'ellipsis-end');
    items.push(page);
  });
  return items;
}
