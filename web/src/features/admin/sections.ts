import { ClipboardList, FolderTree, GalleryHorizontal, History, LayoutDashboard, Package, TicketPercent, Users, type LucideIcon } from 'lucide-react';
import { adminPaths } from '@/config/admin-paths';

export interface AdminSection {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Marked current only at exactly `to` (the dashboard, whose path starts every other). */
  end?: boolean;
}

/** The console's navigation, in the order it is shown. Only sections with real pages
 * are listed; the console will grow to Dashboard, Orders, Products, Categories,
 * Banners, Customers, Reviews, Promo codes and Activity, one line each. */
export const adminSections: AdminSection[] = [
  { label: 'Dashboard', to: adminPaths.home, icon: LayoutDashboard, end: true },
  { label: 'Orders', to: adminPaths.orders, icon: ClipboardList },
  { label: 'Products', to: adminPaths.products, icon: Package },
  { label: 'Categories', to: adminPaths.categories, icon: FolderTree },
  { label: 'Banners', to: adminPaths.banners, icon: GalleryHorizontal },
  { label: 'Customers', to: adminPaths.customers, icon: Users },
  { label: 'Promo codes', to: adminPaths.promoCodes, icon: TicketPercent },
  { label: 'Activity', to: adminPaths.activity, icon: History },
];
