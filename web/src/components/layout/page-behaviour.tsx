import { useEffect, useRef } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/** The id of every storefront page's main content: the skip link's target. */
export const MAIN_ID = 'main';

/** 'Skip to content', the first Tab stop of every page (docs/DESIGN.md §15): hidden until it
 * has focus, then it shows above the header. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-slate-900 focus:shadow-lg focus:ring-2 focus:ring-brand"
    >
      Skip to content
    </a>
  );
}

/** Pages behave like pages (docs/DESIGN.md §15): a new page opens at the top and Back and
 * Forward restore where the reader was (React Router's ScrollRestoration); after a
 * navigation to another page, focus moves to its `h1`, so a screen reader starts there.
 * A page that shows a loading state first holds focus on its main content until its
 * `h1` comes; a page that put focus on a control of its own (a code input, say) keeps
 * it, and so does a reader who moved focus meanwhile. Changes of the query alone
 * (filters, pages of a listing) keep focus where it is. */
export function PageBehaviour() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first page is the document's: focus starts at its top, as for any page load.
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const toHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    let observer: MutationObserver | undefined;
    const frame = requestAnimationFrame(() => {
      if (main.contains(document.activeElement) && document.activeElement !== main) return;
      if (toHeading()) return;
      main.focus({ preventScroll: true });
      observer = new MutationObserver(() => {
        const waiting = document.activeElement === main || document.activeElement === document.body;
        if (!waiting || toHeading()) observer?.disconnect();
      });
      observer.observe(main, { childList: true, subtree: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [pathname]);
  return <ScrollRestoration />;
}
