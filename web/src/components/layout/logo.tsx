/** The name of a link around the logo: it begins with the word the logo shows, so a
 * shopper who says what they see ('click Shop') reaches it (WCAG 2.5.3, label in name). */
export const HOME_LINK_LABEL = 'Shop home page';

/** The shop's mark and name. `compact`: on the narrowest phones (under 400 px) only the
 * mark, so the header's controls fit; the link around it names it. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className={compact ? 'hidden min-[400px]:inline' : undefined}>Shop</span>
    </span>
  );
}
