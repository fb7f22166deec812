import { BriefcaseBusiness, ClipboardList, Truck, FileText, FolderTree, GalleryHorizontal, History, LayoutDashboard, MessageSquareText, Package, Settings, TextSearch, TicketPercent, Undo2, Users, UsersRound, type LucideIcon } from 'lucide-react';
import { returnsPaths } from '@/admin/returns/paths';
import { adminPaths } from '@/admin/shared/admin-paths';

export interface AdminSection {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Marked current only at exactly `to` (the dashboard, whose path starts every other). */
  end?: boolean;
}

/** The console's navigation, in the order it is shown: the day's work first (orders and
 * the returns shoppers ask for), then the catalogue and what the shop shows (products,
 * their categories, the home page's banners, the footer's pages), then people (customers,
 * their applications for a trade account and the groups trade accounts belong to, and
 * their reviews), promotions, delivery methods, how search reads the trade's words, the
 * log of every change, and the shop's settings. A new section is one line here, in its place. */
export const adminSections: AdminSection[] = [
  { label: 'Dashboard', to: adminPaths.home, icon: LayoutDashboard, end: true },
  { label: 'Orders', to: adminPaths.orders, icon: ClipboardList },
  { label: 'Returns', to: returnsPaths.returns, icon: Undo2 },
  { label: 'Products', to: adminPaths.products, icon: Package },
  { label: 'Categories', to: adminPaths.categories, icon: FolderTree },
  { label: 'Banners', to: adminPaths.banners, icon: GalleryHorizontal },
  { label: 'Pages', to: adminPaths.pages, icon: FileText },
  { label: 'Customers', to: adminPaths.customers, icon: Users },
  { label: 'Trade applications', to: adminPaths.tradeApplications, icon: BriefcaseBusiness },
  { label: 'Customer groups', to: adminPaths.customerGroups, icon: UsersRound },
  { label: 'Reviews', to: adminPaths.reviews, icon: MessageSquareText },
  { label: 'Promo codes', to: adminPaths.promoCodes, icon: TicketPercent },
  { label: 'Delivery', to: adminPaths.deliveryMethods, icon: Truck },
  { label: 'Search synonyms', to: adminPaths.searchSynonyms, icon: TextSearch },
  { label: 'Activity', to: adminPaths.activity, icon: History },
  { label: 'Settings', to: adminPaths.settings, icon: Settings },
];
