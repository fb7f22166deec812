import { useCallback, useEffect } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { initialVariant, variantById } from './variant-picker';
import type { ProductDetail, Variant } from './variant-types';

/** The product page's variant, carried in the URL (`?variant=<id>`, docs/DESIGN.md §9):
 * the one it names, else the cheapest in stock, which is then put in the URL (replacing
 * the entry, so Back still leaves the page). A choice replaces it too, keeping the
 * reader's place on the page. A product with one variant keeps its URL plain. Not while
 * the shopper is on the way elsewhere (a search typed before the product arrived): a
 * navigation of its own would cancel theirs. */
export function useChosenVariant(product: ProductDetail | undefined): { variant: Variant | undefined; choose: (variant: Variant) => void } {
  const [params, setParams] = useSearchParams();
  const leaving = useNavigation().state !== 'idle';
  const named = params.get('variant');
  const several = (product?.variants.length ?? 0) > 1;
  const variant = product ? (variantById(product.variants, named) ?? initialVariant(product.variants)) : undefined;

  const put = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('variant', id);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const choose = (next: Variant) => put(next._id);

  // Before any choice: the variant shown goes into the URL.
  const unnamed = several && !leaving && variant !== undefined && variant._id !== named ? variant._id : null;
  useEffect(() => {
    if (unnamed) put(unnamed);
  }, [unnamed, put]);

  return { variant, choose };
}
