import { Menu } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { LazyPopup } from '@/components/ui/lazy-popup';

const loadDrawer = () => import('./drawer-menu');
const DrawerMenu = lazy(() => loadDrawer().then((m) => ({ default: m.DrawerMenu })));

/** Small screens: a drawer sliding in from the right with the categories as an
 * accordion of sub-category links, and a More section (spec §2). The drawer (Radix's
 * dialog and accordion, drawer-menu.tsx) loads when first opened, not with the page.
 * `extra` goes under its title (the header's price switch, for phones). */
export function MobileDrawer({ categories, extra }: { categories: Category[]; extra?: ReactNode }) {
  return (
    <LazyPopup
      load={loadDrawer}
      popup="dialog"
      trigger={(props) => (
        <Button variant="ghost" size="touchIcon" className="lg:hidden" aria-label="Open menu" {...props}>
          <Menu className="h-5 w-5" />
        </Button>
      )}
    >
      {(trigger) => <DrawerMenu categories={categories} trigger={trigger} extra={extra} />}
    </LazyPopup>
  );
}
