import { screen } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { order } from '@/testing/orders';
import { catalogueHandlers, envelope, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

// Every route of spec §2 has a page; anything else is 'Page not found'. Guests are
// turned away from the account area, and steps that need their context send them back.
const ROUTES: [string, string][] = [
  ['/shop', 'Shop'],
  ['/product/0123456789abcdef01234567', 'Aquaflow Chrome Mono Basin Mixer Tap'],
  ['/cart', 'Your cart'],
  ['/checkout', 'Your CheckOut'],
  ['/wishlist', 'Wishlist (0)'],
  ['/login', 'Sign In'],
  ['/signup', 'Sign Up'],
  ['/otp-verify', 'Sign Up'],
  ['/profile-setup', 'Sign In'],
  ['/register-success', 'Successfully'],
  ['/forgot-password', 'Forgot password'],
  ['/check-email', 'Check your email'],
  ['/new-password', 'Forgot password'],
  ['/reset-success', 'Successfully'],
  ['/profile-settings', 'Sign In'],
  ['/my-orders', 'Sign In'],
  ['/payment-methods', 'Sign In'],
  ['/payment-methods/transection-history', 'Sign In'],
  ['/trade-account', 'Sign In'],
  ['/statement', 'Sign In'],
  ['/my-orders/100001', 'Sign In'],
  // The link order mails carry opens signed out.
  ['/orders/100001?token=signed.order.token', 'Order #100001'],
  ['/track-order', 'Track your order'],
  ['/unsubscribe', 'Back-in-stock e-mails'],
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/no-such-page', 'Page not found'],
  // The console is another document (admin.html, admin/app/router.tsx), which the server
  // answers /admin with: the shop's router has no route, and so no code, for it.
  ['/admin', 'Page not found'],
  ['/admin/orders', 'Page not found'],
];

// Signed in: the account area opens, and the guest-only pages lead home.
const HOME = 'Grab the best deal on Smartphones';
const SIGNED_IN_ROUTES: [string, string][] = [
  ['/profile-settings', 'Profile Settings'],
  ['/my-orders', 'Orders Details'],
  ['/my-orders/100001', 'Order #100001'],
  ['/payment-methods', 'Payment Methods'],
  ['/payment-methods/transection-history', 'Transaction History'],
  ['/trade-account', 'Trade Account'],
  ['/statement', 'Statement'],
  ['/login', HOME],
  ['/signup', HOME],
  ['/forgot-password', HOME],
];

/** The orders, payments and trade calls the account area and the order pages make. */
const orderHandlers = [
  http.get('*/api/order', () => envelope({ orders: [], total: 0, page: 1, perPage: 10 })),
  http.get('*/api/order/:number', () => envelope({ order: order() })),
  http.get('*/api/payment-method', () => envelope([])),
  http.get('*/api/transaction', () => envelope({ transactions: [], total: 0, page: 1, perPage: 10 })),
  http.get('*/api/trade/application', () => envelope({ application: null })),
  http.get('*/api/trade/statement', () => envelope({ orders: [], total: 0, page: 1, perPage: 10, creditLimit: 0, outstanding: 0, available: 0, today: '2026-03-01' })),
];

describe('routes', () => {
  beforeEach(() => server.use(...catalogueHandlers, ...orderHandlers));

  it.each(ROUTES)('%s shows %s', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('routes, signed in', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers, ...orderHandlers);
    useAuth.getState().signIn(user(), 'token');
  });
  afterEach(resetStores);

  it.each(SIGNED_IN_ROUTES)('%s shows %s', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: heading === HOME ? 2 : 1, name: heading })).toBeInTheDocument();
  });
});
