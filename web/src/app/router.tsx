import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** Shown while the first page's code loads: a blank, labelled stand-in. */
function PageLoading() {
  return <div role="status" aria-label="Loading" className="min-h-screen" />;
}

// Every route of spec §2. Each page is its own chunk, loaded when first visited. The
// administrator's console is another document (admin.html, routed by admin/app/router.tsx):
// the server answers /admin with that page, so nothing here names it or its code.

const guestOnly = () => import('@/features/auth/components/guards').then((m) => ({ Component: m.GuestOnly }));
const requireAuth = () => import('@/features/auth/components/guards').then((m) => ({ Component: m.RequireAuth }));

export const routes: RouteObject[] = [
  {
    lazy: () => import('./layouts/main-layout'),
    HydrateFallback: PageLoading,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: paths.shop, lazy: () => import('./routes/shop') },
      { path: '/product/:id', lazy: () => import('./routes/product') },
      { path: paths.cart, lazy: () => import('./routes/cart') },
      { path: paths.checkout, lazy: () => import('./routes/checkout') },
      { path: paths.wishlist, lazy: () => import('./routes/wishlist') },
      // The link order mails carry: it must open signed out.
      { path: '/orders/:number', lazy: () => import('./routes/order') },
      // Returns are asked for and followed from the order's page, signed out with its token too.
      { path: '/orders/:number/return', lazy: () => import('./routes/order-return') },
      { path: '/returns/:id', lazy: () => import('./routes/return') },
      { path: paths.trackOrder, lazy: () => import('./routes/track-order') },
      // The link back-in-stock mails carry: it must open signed out.
      { path: paths.unsubscribe, lazy: () => import('./routes/unsubscribe') },
      { path: paths.quickOrder, lazy: () => import('./routes/quick-order') },
      { path: paths.terms, lazy: () => import('./routes/terms') },
      { path: paths.about, lazy: () => import('./routes/about') },
      { path: paths.contact, lazy: () => import('./routes/contact') },
      { path: '/pages/:slug', lazy: () => import('./routes/page') },
      {
        lazy: requireAuth,
        children: [
          {
            lazy: () => import('./layouts/account-layout'),
            children: [
              { path: paths.profileSettings, lazy: () => import('./routes/account/profile-settings') },
              { path: paths.myOrders, lazy: () => import('./routes/my-orders') },
              { path: '/my-orders/:number', lazy: () => import('./routes/my-order') },
              { path: paths.paymentMethods, lazy: () => import('./routes/payment-methods') },
              { path: paths.transactionHistory, lazy: () => import('./routes/transaction-history') },
              { path: paths.tradeAccount, lazy: () => import('./routes/trade-account') },
              { path: paths.statement, lazy: () => import('./routes/statement') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  {
    lazy: () => import('./layouts/auth-layout'),
    HydrateFallback: PageLoading,
    children: [
      {
        lazy: guestOnly,
        children: [
          { path: paths.login, lazy: () => import('./routes/auth/login') },
          { path: paths.signup, lazy: () => import('./routes/auth/signup') },
          { path: paths.forgotPassword, lazy: () => import('./routes/auth/forgot-password') },
          { path: paths.checkEmail, lazy: () => import('./routes/auth/check-email') },
          { path: paths.resetSuccess, lazy: () => import('./routes/auth/reset-success') },
        ],
      },
      // Registration steps follow sign-up, which signs the shopper in.
      { path: paths.otpVerify, lazy: () => import('./routes/auth/otp-verify') },
      { path: paths.profileSetup, lazy: () => import('./routes/auth/profile-setup') },
      { path: paths.registerSuccess, lazy: () => import('./routes/auth/register-success') },
      // Opened from a mailed link, by guests and by signed-in shoppers changing their password.
      { path: paths.newPassword, lazy: () => import('./routes/auth/new-password') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
