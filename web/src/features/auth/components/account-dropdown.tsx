import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTradeApproved } from '@/features/trade';
import { toast } from '@/lib/toast';
import { useAuth, useSignedInUserId } from '../store';

const itemClass = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/** The signed-in user's menu on `trigger`: Profile Settings, Wishlist, Trade Account
 * (where a customer applies), for an approved trade account Statement, and Quick Order
 * (any signed-in customer may order by SKU; docs/DESIGN.md §11), then Logout (spec §2). Loaded when first opened (user-menu.tsx),
 * so it starts open. */
export function AccountDropdown({ trigger }: { trigger: ReactElement }) {
  const signOut = useAuth((s) => s.signOut);
  // Where the account stands is asked for as the Trade Account page asks (the login
  // answer carries none); Statement joins the menu once it is known.
  const tradeApproved = useTradeApproved(useSignedInUserId());
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    setLoggingOut(true);
    // Home first (its code loaded): signed out on an account page, the guard would
    // send the shopper to /login instead.
    await navigate(paths.home);
    signOut();
    toast.success('Logged out successfully!');
    setLoggingOut(false);
  };
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.profileSettings)}>
            Profile Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.wishlist)}>
            Wishlist
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.tradeAccount)}>
            Trade Account
          </DropdownMenu.Item>
          {tradeApproved && (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.statement)}>
              Statement
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.quickOrder)}>
            Quick Order
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} disabled={loggingOut} onSelect={logout}>
            {loggingOut ? 'Logging out...' : 'Logout'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
