import { BriefcaseBusiness, ClipboardList, Truck, FileText, FolderTree, GalleryHorizontal, History, LayoutDashboard, MessageSquareText, Package, Settings, ShieldCheck, TextSearch, TicketPercent, Undo2, Users, UsersRound, Webhook, type LucideIcon } from 'lucide-react';
import { returnsPaths } from '@/admin/returns/paths';
import { adminPaths } from '@/admin/shared/admin-paths';
import type { Permission } from '@/admin/shared/permissions';

export interface AdminSection {
  label: string;
  to: string;
  icon: LucideIcon;
  /** What the signed-in member of staff's role must allow for the section to be shown
   * (its pages check the same: ./console.tsx). */
  permission: Permission;
  /** Marked current only at exactly `to` (the dashboard, whose path starts every other). */
  end?: boolean;
}

/** The console's navigation, in the order it is shown: the day's work first (orders and
 * the returns shoppers ask for), then the catalogue and what the shop shows (products,
 * their categories, the home page's banners, the footer's pages), then people (customers,
 * their applications for a trade account and the groups trade accounts belong to, and
 * their reviews), promotions, delivery methods, how search reads the trade's words, the
 * log of every change, the shop's settings, its staff and the webhooks it calls. A new
 * section is one line here, in its place. Each role sees only the sections it may open. */
export const adminSections: AdminSection[] = [
  { label: 'Dashboard', to: adminPaths.home, icon: LayoutDashboard, permission: 'dashboard', end: true },
  { label: 'Orders', to: adminPaths.orders, icon: ClipboardList, permission: 'orders.view' },
  { label: 'Returns', to: returnsPaths.returns, icon: Undo2, permission: 'returns.view' },
  { label: 'Products', to: adminPaths.products, icon: Package, permission: 'catalogue.view' },
  { label: 'Categories', to: adminPaths.categories, icon: FolderTree, permission: 'catalogue.edit' },
  { label: 'Banners', to: adminPaths.banners, icon: GalleryHorizontal, permission: 'catalogue.edit' },
  { label: 'Pages', to: adminPaths.pages, icon: FileText, permission: 'catalogue.edit' },
  { label: 'Customers', to: adminPaths.customers, icon: Users, permission: 'customers.view' },
  { label: 'Trade applications', to: adminPaths.tradeApplications, icon: BriefcaseBusiness, permission: 'trade' },
  { label: 'Customer groups', to: adminPaths.customerGroups, icon: UsersRound, permission: 'trade' },
  { label: 'Reviews', to: adminPaths.reviews, icon: MessageSquareText, permission: 'reviews' },
  { label: 'Promo codes', to: adminPaths.promoCodes, icon: TicketPercent, permission: 'promo_codes' },
  { label: 'Delivery', to: adminPaths.deliveryMethods, icon: Truck, permission: 'delivery_methods' },
  { label: 'Search synonyms', to: adminPaths.searchSynonyms, icon: TextSearch, permission: 'catalogue.edit' },
  { label: 'Activity', to: adminPaths.activity, icon: History, permission: 'activity' },
  { label: 'Settings', to: adminPaths.settings, icon: Settings, permission: 'settings' },
  { label: 'Staff', to: adminPaths.staff, icon: ShieldCheck, permission: 'staff' },
  { label: 'Webhooks', to: adminPaths.webhooks, icon: Webhook, permission: 'webhooks' },
];
