import { lazy } from 'react';
import { LazyPopup } from '@/components/ui/lazy-popup';
import { useAuth } from '../store';
import { Avatar } from './avatar';

const loadDropdown = () => import('./account-dropdown');
const AccountDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.AccountDropdown })));

/** The signed-in user's avatar, opening their menu (account-dropdown.tsx, loaded when
 * first opened: Radix's dropdown and its positioning are not part of the page). */
export function UserMenu() {
  const user = useAuth((s) => s.user);
  return (
    <LazyPopup
      load={loadDropdown}
      popup="menu"
      trigger={(props) => (
        <button type="button" aria-label="Account menu" {...props}
          className="flex h-11 w-11 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand md:h-10 md:w-10">
          <Avatar fullName={user?.fullName} photo={user?.profilePhoto} />
        </button>
      )}
    >
      {(trigger) => <AccountDropdown trigger={trigger} />}
    </LazyPopup>
  );
}
