import { Menu } from 'lucide-react';
import { lazy } from 'react';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { LazyPopup } from '@/components/ui/lazy-popup';

const loadDrawer = () => import('./drawer-menu');
const DrawerMenu = lazy(() => loadDrawer().then((m) => ({ default: m.DrawerMenu })));

/** Small screens: a drawer sliding in from the right with the categories as an
 * accordion of sub-category links, and a More section (spec §2). The drawer (Radix's
 * dialog and accordion, drawer-menu.tsx) loads when first opened, not with the page. */
export function MobileDrawer({ categories }: { categories: Category[] }) {
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
      {(trigger) => <DrawerMenu categories={categories} trigger={trigger} />}
    </LazyPopup>
  );
}
