import { NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const MENU = [
  { label: 'Profile Settings', to: paths.profileSettings },
  { label: 'My Orders', to: paths.myOrders },
  { label: 'Payment Methods', to: paths.paymentMethods },
  { label: 'Trade Account', to: paths.tradeAccount },
  { label: 'Statement', to: paths.statement },
  { label: 'Quick Order', to: paths.quickOrder },
];

/** The account area 'My Profile' with its side menu (spec §2). The area's name is no
 * heading: each page's own title is its one h1 (docs/DESIGN.md §15), where focus goes. */
export function Component() {
  return (
    <div>
      <p className="mb-6 text-2xl font-semibold">My Profile</p>
      <div className="grid gap-6 md:grid-cols-[220px_1fr]">
        <nav aria-label="Account">
          <ul className="space-y-1">
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === paths.profileSettings}
                  className={({ isActive }) => cn('block rounded-md px-3 py-2 text-sm', isActive ? 'bg-slate-900 text-white' : 'hover:bg-slate-100')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div><Outlet /></div>
      </div>
    </div>
  );
}
