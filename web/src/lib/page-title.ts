// The title of the shop's pages (docs/DESIGN.md §15): `{page} | Shop`, or the shop's own for a
// page without a name of its own. The server puts the same title in the <title> of the
// pages it describes (server/src/http/storefront.rs page_title); both run
// page-title-examples.json.
import { useEffect } from 'react';

export const SHOP_TITLE = 'Shop: plumbing, heating and everyday supplies';

export function pageTitle(page?: string | null): string {
  const name = page?.trim();
  return name ? `${name} | Shop` : SHOP_TITLE;
}

/** A category listing's page name: the category, or '{sub-category} – {category}'. */
export const listingName = (category: string, subCategory?: string | null) => (subCategory ? `${subCategory} – ${category}` : category);

/** Keeps `document.title` on `page`'s title while the page shows, and the shop's own
 * title once it goes (a page without a name of its own then shows that). */
export function useDocumentTitle(page?: string | null) {
  const title = pageTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = SHOP_TITLE;
    },
    [],
  );
}
