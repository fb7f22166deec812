import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import { useAuth } from '@/features/auth';
import { adminDashboardHandler, staffUser } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server, unexpected } from '@/testing/server';

const TOKEN = 'invite-token-123';
const INVALID = 'This invitation link is invalid, used or expired. Ask an owner for a new one.';

const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm password');
const join = () => screen.getByRole('button', { name: 'Join the staff' });

async function openInvite(path = `/admin/accept-invite?token=${TOKEN}`) {
  const rendered = renderRoutes(routes, path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Join the staff' })).toBeInTheDocument();
  return rendered;
}

function fill(first: string, second = first) {
  fireEvent.change(password(), { target: { value: first } });
  fireEvent.change(confirm(), { target: { value: second } });
}

afterEach(resetStores);

describe('Console invitation page', () => {
  it('opens without signing in, and checks the password with the sign-up form’s rules before sending', async () => {
    const { calls, handler } = unexpected('post', '*/api/auth/admin/accept-invite');
    server.use(handler);
    const { router } = await openInvite();
    expect(router.state.location.pathname).toBe('/admin/accept-invite');
    fireEvent.click(join());
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    for (const [weak, message] of [
      ['Short1!', 'Password must be at least 8 characters'],
      ['alllowercase1', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long'],
      ['NoDigitsHere', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long'],
      ['Spaces are 1 no', 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long'],
      [`Aa1${'x'.repeat(38)}`, 'Password cannot exceed 40 characters'],
    ]) {
      fill(weak);
      fireEvent.click(join());
      await waitFor(() => expect(password()).toHaveAccessibleDescription(message));
    }
    fill('Secret12!', 'Secret12?');
    fireEvent.click(join());
    await waitFor(() => expect(confirm()).toHaveAccessibleDescription("Passwords don't match"));
    expect(calls).not.toHaveBeenCalled();
  });

  it('joins with POST /auth/admin/accept-invite, keeps the session as the console’s login does, and opens the console', async () => {
    let sent: unknown;
    const member = staffUser('support', { emailAddress: 'sam@example.com' });
    server.use(
      http.post('*/api/auth/admin/accept-invite', async ({ request }) => {
        sent = await request.json();
        return envelope({ user: member, accessToken: 'sam-token' }, 'Welcome to the staff');
      }),
      adminDashboardHandler(),
    );
    const { router } = await openInvite();
    fill('Secret12!');
    fireEvent.click(join());
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sent).toEqual({ token: TOKEN, password: 'Secret12!' });
    expect(useAuth.getState()).toMatchObject({ user: member, accessToken: 'sam-token', isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toMatchObject({ accessToken: 'sam-token', isAuthenticated: true });
    // The console as the new member's role has it.
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0];
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Orders', 'Returns', 'Customers', 'Reviews']);
  });

  it('shows the server’s 400 in its words and stays signed out', async () => {
    server.use(http.post('*/api/auth/admin/accept-invite', () => failure(400, INVALID)));
    const { router } = await openInvite();
    fill('Secret12!');
    fireEvent.click(join());
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(useAuth.getState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/admin/accept-invite');
  });

  it('puts the server’s password message under the password', async () => {
    const message = 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long';
    server.use(http.post('*/api/auth/admin/accept-invite', () => HttpResponse.json({ success: false, message, errors: { password: message } }, { status: 400 })));
    await openInvite();
    fill('Secret12!');
    fireEvent.click(join());
    await waitFor(() => expect(password()).toHaveAccessibleDescription(message));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no form for a link without its token', async () => {
    await openInvite('/admin/accept-invite');
    expect(screen.getByText(/This link has no invitation in it/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already on the staff? Sign in' })).toHaveAttribute('href', '/admin/login');
  });
});
