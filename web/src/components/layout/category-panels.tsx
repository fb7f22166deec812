import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import * as ScrollArea from '@radix-ui/react-scroll-area';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { paths, shopByCategory } from '@/config/paths';
import { pillClass } from './category-pill';

/** How near a panel comes to the window's edges, in CSS px. */
const EDGE = 16;

/** Moves a panel that opened under a pill near the right edge (it hangs from the pill's
 * left) back inside the window, as far as it needs and no further than the left edge:
 * every panel fits a 1,280 px screen, whatever the categories are called (docs/DESIGN.md §15). */
function keepOnScreen(panel: HTMLElement | null) {
  if (!panel) return;
  panel.style.translate = '';
  const { left, right } = panel.getBoundingClientRect();
  if (right === left) return; // not laid out (jsdom)
  const room = document.documentElement.clientWidth - EDGE;
  const shift = Math.max(Math.min(0, room - right), EDGE - left);
  if (shift !== 0) panel.style.translate = `${Math.round(shift)}px 0`;
}

/** The category bar of category-menu.tsx with its hover panels: each opens (after 200 ms,
 * at once within 300 ms of another, closing 150 ms after the pointer leaves) with the
 * title, 'View All' and the sub-categories in a 300 px scroll area (spec §2, §9).
 * `open` is the category whose panel shows: the pointer reached its pill while this
 * loaded. It may come after the panels mounted (the page turned idle in one transition,
 * the pointer came in another that React committed later), and the pointer, resting on
 * the pill, gives the menu no event of its own to open it, so a new `open` opens it. */
export function CategoryPanels({ categories, active, open }: { categories: Category[]; active: string | null; open?: string }) {
  const [value, setValue] = useState(open ?? '');
  // Adjusted while rendering, as React's docs advise for state that follows a prop.
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setValue(open);
  }
  return (
    <NavigationMenu.Root aria-label="Categories" value={value} onValueChange={setValue} delayDuration={200} skipDelayDuration={300} className="relative hidden border-t border-slate-100 lg:block">
      <NavigationMenu.List className="mx-auto flex max-w-7xl gap-1 px-4 py-2">
        {categories.map((category) => (
          <NavigationMenu.Item key={category._id} value={category._id} className="relative">
            <NavigationMenu.Trigger asChild>
              <Link to={shopByCategory(category._id)} aria-current={active === category._id ? 'page' : undefined} className={pillClass(active === category._id)}>
                {category.title}
              </Link>
            </NavigationMenu.Trigger>
            <NavigationMenu.Content ref={keepOnScreen} data-testid="category-panel" className="absolute left-0 top-full z-50 mt-2 w-[36rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-4 shadow-lg">
              <div className="mb-3 flex items-center justify-between">
                <p className="font-semibold">{category.title}</p>
                <Button asChild size="sm" variant="outline">
                  <NavigationMenu.Link asChild>
                    <Link to={paths.shop}>View All</Link>
                  </NavigationMenu.Link>
                </Button>
              </div>
              {/* Scrolls once the links pass 300 px; a short list keeps the panel short. */}
              <ScrollArea.Root type="hover" scrollHideDelay={600} className="overflow-hidden">
                <ScrollArea.Viewport className="max-h-[300px] w-full">
                  <ul className="grid grid-cols-2 gap-1 pr-3">
                    {category.subCategories.map((sub) => (
                      <li key={sub._id}>
                        <NavigationMenu.Link asChild>
                          <Link to={shopByCategory(category._id, sub._id)} className="block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
                            {sub.title}
                          </Link>
                        </NavigationMenu.Link>
                      </li>
                    ))}
                  </ul>
                </ScrollArea.Viewport>
                <ScrollArea.Scrollbar orientation="vertical" className="flex w-2 touch-none select-none p-0.5">
                  <ScrollArea.Thumb className="relative flex-1 rounded-full bg-slate-300" />
                </ScrollArea.Scrollbar>
              </ScrollArea.Root>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
