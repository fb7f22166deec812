import { lazy, startTransition, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Category } from '@/api/types';
import { shopByCategory } from '@/config/paths';
import { useIdle } from '@/lib/idle';
import { useMediaQuery } from '@/lib/media-query';
import { pillClass } from './category-pill';

const CategoryPanels = lazy(() => import('./category-panels').then((m) => ({ default: m.CategoryPanels })));

/** Large screens: each category as a pill linking to its listing; hovering one opens its
 * panel of sub-categories (category-panels.tsx). The panels' code (Radix's navigation menu
 * and scroll area) is not part of the first paint: it comes once the page is idle, or at
 * once when the pointer reaches a pill first, and never on small screens, which hide the bar. */
export function CategoryMenu({ categories }: { categories: Category[] }) {
  const [params] = useSearchParams();
  const active = params.get('category');
  const large = useMediaQuery('(min-width: 1024px)');
  const idle = useIdle();
  const [pointed, setPointed] = useState<string>();
  // In a transition, with the boundary below there from the start: the bar stays (a click
  // under way lands) until the panels' code has come.
  const point = (category?: string) => startTransition(() => setPointed(category));
  // The same markup as the panels' bar, so nothing moves when they take its place.
  const bar = (
    <nav aria-label="Categories" className="relative hidden border-t border-slate-100 lg:block" onPointerLeave={() => point(undefined)}>
      <div className="relative">
        <ul className="mx-auto flex max-w-7xl gap-1 px-4 py-2">
          {categories.map((category) => (
            <li key={category._id} className="relative" onPointerEnter={() => point(category._id)}>
              <Link to={shopByCategory(category._id)} aria-current={active === category._id ? 'page' : undefined} className={pillClass(active === category._id)}>
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
  return (
    <Suspense fallback={bar}>
      {large && (idle || pointed) ? <CategoryPanels categories={categories} active={active} open={pointed} /> : bar}
    </Suspense>
  );
}
