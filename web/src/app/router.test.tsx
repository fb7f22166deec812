import { screen } from '@testing-library/react';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { catalogueHandlers, server, user } from '@/testing/server';
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
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/no-such-page', 'Page not found'],
];

// Signed in: the account area opens, and the guest-only pages lead home.
const HOME = 'Grab the best deal on Smartphones';
const SIGNED_IN_ROUTES: [string, string][] = [
  ['/profile-settings', 'Profile Settings'],
  ['/my-orders', 'Orders Details'],
  ['/payment-methods', 'Payment Methods'],
  ['/payment-methods/transection-history', 'Transaction History'],
  ['/login', HOME],
  ['/signup', HOME],
  ['/forgot-password', HOME],
];

describe('routes', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it.each(ROUTES)('%s shows %s', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('routes, signed in', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    useAuth.getState().signIn(user(), 'token');
  });
  afterEach(resetStores);

  it.each(SIGNED_IN_ROUTES)('%s shows %s', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: heading === HOME ? 2 : 1, name: heading })).toBeInTheDocument();
  });
});
