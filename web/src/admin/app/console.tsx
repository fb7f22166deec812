// The administrator's console (docs/DESIGN.md §8): everything under /admin. It is a document
// of its own, admin.html, whose router (./router.tsx) holds only these routes; the shop's
// names none of them, so the console's code never reaches a shopper's browser. A new
// section is one route here, behind the guard of the permission it needs, and one line
// in ./sections.ts.
import type { RouteObject } from 'react-router';
import { AdminActivityPage } from '@/admin/activity/routes/activity';
import { AdminBannersPage } from '@/admin/banners/routes/banners';
import { AdminCategoriesPage } from '@/admin/categories/routes/categories';
import { AdminCustomerPage } from '@/admin/customers/routes/customer';
import { AdminCustomersPage } from '@/admin/customers/routes/customers';
import { AdminDashboardPage } from '@/admin/dashboard/routes/dashboard';
import { AdminDeliveryMethodPage } from '@/admin/delivery/routes/delivery-method';
import { AdminDeliveryMethodsPage } from '@/admin/delivery/routes/delivery-methods';
import { AdminNewDeliveryMethodPage } from '@/admin/delivery/routes/new-delivery-method';
import { RequireAdmin } from '@/admin/login/components/require-admin';
import { AdminAcceptInvitePage } from '@/admin/login/routes/accept-invite';
import { AdminLoginPage } from '@/admin/login/routes/login';
import { AdminOrderPage } from '@/admin/orders/routes/order';
import { AdminOrdersPage } from '@/admin/orders/routes/orders';
import { PackingSlipPage } from '@/admin/orders/routes/packing-slip';
import { AdminEditPagePage } from '@/admin/pages/routes/edit-page';
import { AdminPagesPage } from '@/admin/pages/routes/pages';
import { AdminImportProductsPage } from '@/admin/products/routes/import-products';
import { AdminNewProductPage } from '@/admin/products/routes/new-product';
import { AdminProductPage } from '@/admin/products/routes/product';
import { AdminProductsPage } from '@/admin/products/routes/products';
import { AdminNewPromoCodePage } from '@/admin/promo-codes/routes/new-promo-code';
import { AdminPromoCodePage } from '@/admin/promo-codes/routes/promo-code';
import { AdminPromoCodesPage } from '@/admin/promo-codes/routes/promo-codes';
import { AdminReturnPage } from '@/admin/returns/routes/return';
import { AdminReturnsPage } from '@/admin/returns/routes/returns';
import { AdminReviewsPage } from '@/admin/reviews/routes/reviews';
import { AdminSearchSynonymsPage } from '@/admin/search-synonyms/routes/search-synonyms';
import { AdminSettingsPage } from '@/admin/settings/routes/settings';
import type { Permission } from '@/admin/shared/permissions';
import { AdminStaffPage } from '@/admin/staff/routes/staff';
import { AdminCustomerGroupPage } from '@/admin/trade/routes/customer-group';
import { AdminCustomerGroupsPage } from '@/admin/trade/routes/customer-groups';
import { AdminNewCustomerGroupPage } from '@/admin/trade/routes/new-customer-group';
import { AdminTradeApplicationsPage } from '@/admin/trade/routes/trade-applications';
import { AdminLayout } from './layout';
import { RequirePermission } from './not-allowed';
import { AdminNotFoundPage } from './not-found';

/** The pages a role may open only with `permission`, under the guard that checks it. */
const allowing = (permission: Permission, children: RouteObject[]): RouteObject => ({ element: <RequirePermission permission={permission} />, children });

/** The webhooks' pages, loaded when first opened. */
const webhooksPage = () => import('@/admin/webhooks/routes/webhooks-page').then((module) => ({ Component: module.default }));
const webhookPage = () => import('@/admin/webhooks/routes/webhook-page').then((module) => ({ Component: module.default }));

/** Relative to /admin. Every page but the login and the invitation's sits behind the guard
 * of the permission its section needs (./sections.ts names the same for its link). */
export const consoleRoutes: RouteObject[] = [
  { path: 'login', element: <AdminLoginPage /> },
  { path: 'accept-invite', element: <AdminAcceptInvitePage /> },
  {
    element: <RequireAdmin />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          allowing('dashboard', [{ index: true, element: <AdminDashboardPage /> }]),
          allowing('orders.view', [
            { path: 'orders', element: <AdminOrdersPage /> },
            { path: 'orders/:number', element: <AdminOrderPage /> },
            { path: 'orders/:number/packing-slip', element: <PackingSlipPage /> },
          ]),
          allowing('returns.view', [
            { path: 'returns', element: <AdminReturnsPage /> },
            { path: 'returns/:id', element: <AdminReturnPage /> },
          ]),
          allowing('catalogue.edit', [{ path: 'products/new', element: <AdminNewProductPage /> }]),
          allowing('csv', [{ path: 'products/import', element: <AdminImportProductsPage /> }]),
          allowing('catalogue.view', [
            { path: 'products', element: <AdminProductsPage /> },
            { path: 'products/:id', element: <AdminProductPage /> },
          ]),
          allowing('catalogue.edit', [
            { path: 'categories', element: <AdminCategoriesPage /> },
            { path: 'banners', element: <AdminBannersPage /> },
            { path: 'pages', element: <AdminPagesPage /> },
            { path: 'pages/:slug', element: <AdminEditPagePage /> },
            { path: 'search-synonyms', element: <AdminSearchSynonymsPage /> },
          ]),
          allowing('customers.view', [
            { path: 'customers', element: <AdminCustomersPage /> },
            { path: 'customers/:id', element: <AdminCustomerPage /> },
          ]),
          allowing('trade', [
            { path: 'trade-applications', element: <AdminTradeApplicationsPage /> },
            { path: 'customer-groups', element: <AdminCustomerGroupsPage /> },
            { path: 'customer-groups/new', element: <AdminNewCustomerGroupPage /> },
            { path: 'customer-groups/:id', element: <AdminCustomerGroupPage /> },
          ]),
          allowing('reviews', [{ path: 'reviews', element: <AdminReviewsPage /> }]),
          allowing('promo_codes', [
            { path: 'promo-codes', element: <AdminPromoCodesPage /> },
            { path: 'promo-codes/new', element: <AdminNewPromoCodePage /> },
            { path: 'promo-codes/:id', element: <AdminPromoCodePage /> },
          ]),
          allowing('delivery_methods', [
            { path: 'delivery', element: <AdminDeliveryMethodsPage /> },
            { path: 'delivery/new', element: <AdminNewDeliveryMethodPage /> },
            { path: 'delivery/:id', element: <AdminDeliveryMethodPage /> },
          ]),
          allowing('activity', [{ path: 'activity', element: <AdminActivityPage /> }]),
          allowing('settings', [{ path: 'settings', element: <AdminSettingsPage /> }]),
          allowing('staff', [{ path: 'staff', element: <AdminStaffPage /> }]),
          allowing('webhooks', [
            { path: 'webhooks', lazy: webhooksPage },
            { path: 'webhooks/:id', lazy: webhookPage },
          ]),
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
    ],
  },
];
