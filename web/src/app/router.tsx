import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** Shown while the first page's code loads: a blank, labelled stand-in. */
function PageLoading() {
  return <div role="status" aria-label="Loading" className="min-h-screen" />;
}

// Every route of spec §2. Each page is its own chunk, loaded when first visited.
const page = (title: string) => () => import('./routes/placeholder').then((m) => ({ Component: m.placeholder(title) }));

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
      { path: paths.terms, lazy: page('Terms & Conditions') },
      { path: paths.about, lazy: page('About Us') },
      { path: paths.contact, lazy: page('Contact') },
      {
        lazy: () => import('./layouts/account-layout'),
        children: [
          { path: paths.profileSettings, lazy: page('Profile Settings') },
          { path: paths.myOrders, lazy: page('Orders Details') },
          { path: paths.paymentMethods, lazy: page('Payment Methods') },
          { path: paths.transactionHistory, lazy: page('Transaction History') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  {
    lazy: () => import('./layouts/auth-layout'),
    HydrateFallback: PageLoading,
    children: [
      { path: paths.login, lazy: page('Sign In') },
      { path: paths.signup, lazy: page('Sign Up') },
      { path: paths.otpVerify, lazy: page('Verify your email') },
      { path: paths.profileSetup, lazy: page('Setup Profile') },
      { path: paths.registerSuccess, lazy: page('Successfully') },
      { path: paths.forgotPassword, lazy: page('Forgot password') },
      { path: paths.checkEmail, lazy: page('Check your email') },
      { path: paths.newPassword, lazy: page('Set new password') },
      { path: paths.resetSuccess, lazy: page('Successfully') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
