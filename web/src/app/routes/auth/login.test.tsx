import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { catalogueHandlers, envelope, failure, server, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const USER = user();
const HOME = 'Grab the best deal on Smartphones';
const ADJUSTMENTS = { unknown: 0, outOfStock: 0, capped: 0, overLimit: 0 };

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

async function openLogin() {
  const view = renderRoutes(routes, '/login');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  return view;
}

function fill(emailAddress: string, secret: string) {
  fireEvent.change(email(), { target: { value: emailAddress } });
  fireEvent.change(password(), { target: { value: secret } });
}

afterEach(resetStores);

describe('Login page', () => {
  it('asks for both fields on an empty submit, without calling the server', async () => {
    const { calls, handler } = unexpected('post', '*/api/auth/login');
    server.use(handler, ...catalogueHandlers);
    await openLogin();
    fireEvent.click(signInButton());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail and a short password', async () => {
    server.use(...catalogueHandlers);
    await openLogin();
    fill('ada@example', '12345');
    fireEvent.click(signInButton());
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    server.use(...catalogueHandlers);
    await openLogin();
    expect(password()).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('links to password recovery and sign-up', async () => {
    server.use(...catalogueHandlers);
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows a refused login inline and clears it when the form changes', async () => {
    const success = vi.spyOn(toast, 'success');
    server.use(http.post('*/api/auth/login', () => failure(401, 'Invalid email or password')), ...catalogueHandlers);
    const { router } = await openLogin();
    fill('ada@example.com', 'wrong-password');
    fireEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(useAuth.getState().isAuthenticated).toBe(false);
    expect(useAuth.getState().accessToken).toBeNull();
    expect(success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(password(), { target: { value: 'wrong-password2' } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('signs in, says so, lands on home and merges the browser’s lists into the account', async () => {
    const success = vi.spyOn(toast, 'success');
    useLocalStore.getState().addToCart({ productId: '1'.padStart(24, '0') }, 2);
    useLocalStore.getState().addToWishlist({ productId: '2'.padStart(24, '0') });
    const sent: { login?: unknown; sync?: unknown } = {};
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        sent.login = await request.json();
        return envelope({ user: USER, accessToken: 'token-123' });
      }),
      http.post('*/api/user/sync', async ({ request }) => {
        sent.sync = await request.json();
        return envelope({ cart: [], wishlist: [], adjustments: ADJUSTMENTS });
      }),
      ...catalogueHandlers,
    );
    const { router } = await openLogin();
    fill('ada@example.com', 'secret1');
    fireEvent.click(signInButton());

    expect(await screen.findByRole('heading', { level: 2, name: HOME })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent.login).toEqual({ emailAddress: 'ada@example.com', password: 'secret1' });
    expect(useAuth.getState()).toMatchObject({ user: USER, accessToken: 'token-123', isAuthenticated: true, isLoading: false });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toMatchObject({ accessToken: 'token-123', isAuthenticated: true });
    expect(success).toHaveBeenCalledWith('Login successful!');

    await waitFor(() => expect(sent.sync).toBeDefined());
    expect(sent.sync).toEqual({
      cart: [{ productId: '1'.padStart(24, '0'), quantity: 2 }],
      wishlist: [{ productId: '2'.padStart(24, '0') }],
      lastUpdated: expect.any(Number),
    });
    await waitFor(() => expect(useLocalStore.getState().cart).toEqual([]));
    expect(useLocalStore.getState().wishlist).toEqual([]);
    expect(success).toHaveBeenCalledWith('Data synced successfully');
  });

  it('does not call the merge when the browser holds nothing', async () => {
    const sync = vi.fn();
    server.use(
      http.post('*/api/auth/login', () => envelope({ user: USER, accessToken: 'token-123' })),
      http.post('*/api/user/sync', () => {
        sync();
        return envelope({ cart: [], wishlist: [], adjustments: ADJUSTMENTS });
      }),
      ...catalogueHandlers,
    );
    await openLogin();
    fill('ada@example.com', 'secret1');
    fireEvent.click(signInButton());
    expect(await screen.findByRole('heading', { level: 2, name: HOME })).toBeInTheDocument();
    expect(useAuth.getState().isAuthenticated).toBe(true);
    expect(sync).not.toHaveBeenCalled();
  });

  it('sends a trimmed e-mail', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        return envelope({ user: USER, accessToken: 'token-123' });
      }),
      ...catalogueHandlers,
    );
    await openLogin();
    fill('  ada@example.com  ', 'secret1');
    fireEvent.click(signInButton());
    await waitFor(() => expect(body).toEqual({ emailAddress: 'ada@example.com', password: 'secret1' }));
  });
});
