import { screen } from '@testing-library/react';
import { routes } from '@/app/router';
import { catalogueHandlers, server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

// Every route of spec §2 has a page; anything else is 'Page not found'.
const ROUTES: [string, string][] = [
  ['/shop', 'Shop'],
  ['/product/0123456789abcdef01234567', 'Aquaflow Chrome Mono Basin Mixer Tap'],
  ['/cart', 'Your cart'],
  ['/checkout', 'Your CheckOut'],
  ['/wishlist', 'Wishlist (0)'],
  ['/login', 'Sign In'],
  ['/signup', 'Sign Up'],
  ['/otp-verify', 'Verify your email'],
  ['/profile-setup', 'Setup Profile'],
  ['/register-success', 'Successfully'],
  ['/forgot-password', 'Forgot password'],
  ['/check-email', 'Check your email'],
  ['/new-password', 'Set new password'],
  ['/reset-success', 'Successfully'],
  ['/profile-settings', 'Profile Settings'],
  ['/my-orders', 'Orders Details'],
  ['/payment-methods', 'Payment Methods'],
  ['/payment-methods/transection-history', 'Transaction History'],
  ['/terms-and-conditions', 'Terms & Conditions'],
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/no-such-page', 'Page not found'],
];

describe('routes', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it.each(ROUTES)('%s shows %s', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
