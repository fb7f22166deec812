// A cart, wishlist, checkout or order line's variant: its option values and SKU
// (docs/DESIGN.md §9), the same words on every page that lists lines.

/** 'Size: 22 mm · Finish: Chrome': a line's option values in the order the server wrote
 * them (the product's). Empty for a product without options. */
export function describeOptions(options: Record<string, string> | undefined | null): string {
  return Object.entries(options ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');
}

/** The line's option values and SKU, one small line each; nothing for a line without them
 * (a product without options, from a server that predates variants). */
export function LineVariant({ options, sku, className = 'text-sm text-slate-600' }: { options?: Record<string, string> | null; sku?: string | null; className?: string }) {
  const described = describeOptions(options);
  if (!described && !sku) return null;
  return (
    <>
      {described && <p className={`${className} break-words`}>{described}</p>}
      {/* A SKU has no spaces to wrap at: on a phone it breaks anywhere rather than widen the page. */}
      {sku && <p className={`${className} break-all`}>SKU: {sku}</p>}
    </>
  );
}
