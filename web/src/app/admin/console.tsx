// The administrator's console (DESIGN.md §8): everything under /admin. It is a document
// of its own, admin.html, whose router (./router.tsx) holds only these routes; the shop's
// names none of them, so the console's code never reaches a shopper's browser. A new
// section is one route here and one line in features/admin/sections.ts.
import type { RouteObject } from 'react-router';
import { RequireAdmin } from '@/features/admin/components/require-admin';
import { AdminLayout } from './layout';
import { AdminActivityPage } from './routes/activity';
import { AdminBannersPage } from './routes/banners';
import { AdminCategoriesPage } from './routes/categories';
import { AdminCustomerPage } from './routes/customer';
import { AdminCustomersPage } from './routes/customers';
import { AdminDashboardPage } from './routes/dashboard';
import { AdminEditPagePage } from './routes/edit-page';
import { AdminImportProductsPage } from './routes/import-products';
import { AdminLoginPage } from './routes/login';
import { AdminNewProductPage } from './routes/new-product';
import { AdminNewPromoCodePage } from './routes/new-promo-code';
import { AdminNotFoundPage } from './routes/not-found';
import { AdminOrderPage } from './routes/order';
import { AdminOrdersPage } from './routes/orders';
import { AdminPagesPage } from './routes/pages';
import { PackingSlipPage } from './routes/packing-slip';
import { AdminProductPage } from './routes/product';
import { AdminProductsPage } from './routes/products';
import { AdminPromoCodePage } from './routes/promo-code';
import { AdminPromoCodesPage } from './routes/promo-codes';
import { AdminSearchSynonymsPage } from './routes/search-synonyms';
import { AdminReviewsPage } from './routes/reviews';
import { AdminSettingsPage } from './routes/settings';

/** Relative to /admin. */
export const consoleRoutes: RouteObject[] = [
  { path: 'login', element: <AdminLoginPage /> },
  {
    element: <RequireAdmin />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: 'orders', element: <AdminOrdersPage /> },
          { path: 'orders/:number', element: <AdminOrderPage /> },
          { path: 'orders/:number/packing-slip', element: <PackingSlipPage /> },
          { path: 'products', element: <AdminProductsPage /> },
          { path: 'products/new', element: <AdminNewProductPage /> },
          { path: 'products/import', element: <AdminImportProductsPage /> },
          { path: 'products/:id', element: <AdminProductPage /> },
          { path: 'categories', element: <AdminCategoriesPage /> },
          { path: 'banners', element: <AdminBannersPage /> },
          { path: 'pages', element: <AdminPagesPage /> },
          { path: 'pages/:slug', element: <AdminEditPagePage /> },
          { path: 'customers', element: <AdminCustomersPage /> },
          { path: 'customers/:id', element: <AdminCustomerPage /> },
          { path: 'reviews', element: <AdminReviewsPage /> },
          { path: 'promo-codes', element: <AdminPromoCodesPage /> },
          { path: 'promo-codes/new', element: <AdminNewPromoCodePage /> },
          { path: 'promo-codes/:id', element: <AdminPromoCodePage /> },
          { path: 'search-synonyms', element: <AdminSearchSynonymsPage /> },
          { path: 'activity', element: <AdminActivityPage /> },
          { path: 'settings', element: <AdminSettingsPage /> },
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
    ],
  },
];
