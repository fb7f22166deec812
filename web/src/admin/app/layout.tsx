import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, PanelLeftOpen, Store, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { roleLabel, usePermissions } from '@/admin/shared/permissions';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/utils';
import { adminSections } from './sections';

/** The console's sections the signed-in role may open, as links, the current one marked;
 * `onNavigate` closes the drawer. */
function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const allowed = usePermissions();
  return (
    <ul className="space-y-1">
      {adminSections.filter((section) => allowed(section.permission)).map(({ label, to, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn('flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium', isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100')
            }
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Who is signed in and as what, the way back to the shop, and signing out. */
function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user, signOut } = useAuth();
  return (
    <div className="space-y-1 border-t border-slate-200 pt-3 text-sm">
      <p className="px-3 pb-1 text-slate-600">
        <span className="block break-all">{user?.emailAddress}</span>
        {user && <span className="block text-xs">{roleLabel(user.role)}</span>}
      </p>
      <Link to={paths.home} reloadDocument onClick={onNavigate} className="flex min-h-11 items-center gap-3 rounded-md px-3 text-slate-700 hover:bg-slate-100">
        <Store className="h-4 w-4" aria-hidden="true" /> Go to the shop
      </Link>
      <button type="button" onClick={signOut} className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-slate-700 hover:bg-slate-100">
        <LogOut className="h-4 w-4" aria-hidden="true" /> Sign out
      </button>
    </div>
  );
}

/** Phones and tablets: the sections in a drawer from the left, opened from the top bar. */
function NavDrawer() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="touchIcon" aria-label="Open console menu">
          <PanelLeftOpen className="h-5 w-5" aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content aria-describedby={undefined} className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">Shop console</DialogPrimitive.Title>
            <DialogPrimitive.Close aria-label="Close console menu" className="-mr-2 flex h-11 w-11 items-center justify-center rounded hover:bg-slate-100">
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Console">
            <SectionLinks onNavigate={close} />
          </nav>
          <AccountLinks onNavigate={close} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The console's frame: the sections in a side bar from large screens up (a drawer
 * below), the page beside them. Printing leaves only the page. */
export function AdminLayout() {
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr] print:block print:bg-white">
      <header className="sticky top-0 z-40 flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1 lg:hidden print:hidden">
        <NavDrawer />
        <Link to={adminPaths.home} className="font-semibold">
          Shop console
        </Link>
      </header>
      <aside className="hidden border-r border-slate-200 bg-white p-4 lg:flex lg:flex-col lg:gap-4 print:hidden">
        <Link to={adminPaths.home} className="px-3 text-lg font-semibold">
          Shop console
        </Link>
        <nav aria-label="Console" className="flex-1">
          <SectionLinks />
        </nav>
        <AccountLinks />
      </aside>
      <main className="min-w-0 p-4 md:p-6 print:p-0">
        <Outlet />
      </main>
    </div>
  );
}
