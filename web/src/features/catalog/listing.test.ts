import { describe, expect, it } from 'vitest';
import { defaultSort, listingPages, listingSearch, productQuery, readListing, SORT_OPTIONS, sortOptions } from './listing';

describe('the listing in the URL', () => {
  it('reads defaults from an empty URL', () => {
    const listing = readListing(new URLSearchParams());
    expect(listing).toMatchObject({ page: 1, limit: 10, sort: 'newest', keyword: '', category: '' });
    expect(productQuery(listing)).toMatchObject({ page: 1, perPage: 10, sortField: 'createdAt', sortOrder: 'desc' });
  });

  it('maps each sort option to a field and an order', () => {
    const query = (sort: string) => productQuery(readListing(new URLSearchParams({ sort })));
    expect(query('name_asc')).toMatchObject({ sortField: 'name', sortOrder: 'asc' });
    expect(query('price_desc')).toMatchObject({ sortField: 'price', sortOrder: 'desc' });
    expect(query('oldest')).toMatchObject({ sortField: 'createdAt', sortOrder: 'asc' });
    expect(query('bogus')).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' });
  });

  it('accepts subcategory and subCategory, and writes only what differs from the defaults', () => {
    const listing = readListing(new URLSearchParams('page=3&subcategory=s1&category=c1&keyword=%20tap%20'));
    expect(listing).toMatchObject({ page: 3, subCategory: 's1', category: 'c1', keyword: 'tap' });
    expect(productQuery(listing)).toMatchObject({ categoryIds: 'c1', subCategoryIds: 's1', keyword: 'tap' });
    expect(listingSearch(listing).toString()).toBe('page=3&keyword=tap&category=c1&subCategory=s1');
    expect(readListing(new URLSearchParams('page=-2&limit=abc')).page).toBe(1);
  });

  it('always asks for the counts', () => {
    expect(productQuery(readListing(new URLSearchParams()))).toMatchObject({ facets: 'true' });
    expect(productQuery(readListing(new URLSearchParams('keyword=tap&page=2')))).toMatchObject({ facets: 'true' });
  });

  it('sorts by best match with a keyword only, by default, unless the shopper picks another', () => {
    const best = readListing(new URLSearchParams('keyword=brass%20tap'));
    expect(best.sort).toBe('best');
    const query = productQuery(best);
    expect(query).toMatchObject({ sortField: 'relevance', keyword: 'brass tap' });
    expect(query.sortOrder).toBeUndefined();
    expect(listingSearch(best).toString()).toBe('keyword=brass+tap');
    expect(readListing(new URLSearchParams('sort=best&keyword=tap')).sort).toBe('best');
    // Another order picked with a keyword stays in the URL, newest first included.
    const newest = readListing(new URLSearchParams('sort=newest&keyword=tap'));
    expect(newest.sort).toBe('newest');
    expect(productQuery(newest)).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' });
    expect(listingSearch(newest).toString()).toBe('sort=newest&keyword=tap');
    expect(sortOptions('tap').map((o) => o.value)).toEqual(['best', ...SORT_OPTIONS.map((o) => o.value)]);

    // Without a keyword (or with one the server finds no word in), newest first is the default.
    for (const url of ['sort=best', 'sort=best&keyword=%25%25']) {
      const listing = readListing(new URLSearchParams(url));
      expect(listing.sort).toBe('newest');
      expect(productQuery(listing)).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' });
    }
    expect(sortOptions('')).toEqual([...SORT_OPTIONS]);
    expect([defaultSort('tap'), defaultSort(''), defaultSort('%%')]).toEqual(['best', 'newest', 'newest']);
    // Clearing the keyword leaves no best match in the URL.
    expect(listingSearch({ ...best, keyword: '' }).toString()).toBe('');
    expect(productQuery({ ...best, keyword: '' })).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' });
  });
});

describe('listing pagination', () => {
  it('shows every page up to seven', () => {
    expect(listingPages(1, 1)).toEqual([1]);
    expect(listingPages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('past seven pages shows first, last, current ±1 and ellipses', () => {
    expect(listingPages(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(listingPages(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(listingPages(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
    expect(listingPages(3, 8)).toEqual([1, 2, 3, 4, 'ellipsis-end', 8]);
  });
});
