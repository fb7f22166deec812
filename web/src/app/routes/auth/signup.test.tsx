import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { catalogueHandlers, envelope, failure, server, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const NEW_USER = user({ _id: 'n'.padStart(24, '0'), fullName: '', phoneNumber: '', emailAddress: 'grace@example.com', isEmailVerified: false });
const SIGNUP_RULE = 'Password must contain at least one uppercase letter, one lowercase letter, one number, and be at least 8 characters long';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm Password');
const submitButton = () => screen.getByRole('button', { name: 'Sign Up' });

async function openSignup() {
  const view = renderRoutes(routes, '/signup');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  return view;
}

function fill(emailAddress: string, secret: string, again = secret) {
  fireEvent.change(email(), { target: { value: emailAddress } });
  fireEvent.change(password(), { target: { value: secret } });
  fireEvent.change(confirm(), { target: { value: again } });
}

afterEach(resetStores);

describe('Sign-up page', () => {
  it('asks for every field on an empty submit, without calling the server', async () => {
    const { calls, handler } = unexpected('post', '*/api/auth/signup');
    server.use(handler, ...catalogueHandlers);
    await openSignup();
    fireEvent.click(submitButton());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('says the password breaks the character rule', async () => {
    server.use(...catalogueHandlers);
    await openSignup();
    fill('grace@example.com', 'abcdefgh');
    fireEvent.click(submitButton());
    expect(await screen.findByText(SIGNUP_RULE)).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a password is too long', async () => {
    server.use(...catalogueHandlers);
    await openSignup();
    const long = 'Aa1' + 'b'.repeat(38);
    fill('grace@example.com', long);
    fireEvent.click(submitButton());
    expect(await screen.findByText('Password cannot exceed 40 characters')).toBeInTheDocument();
  });

  it("says the passwords don't match, and a malformed e-mail", async () => {
    server.use(...catalogueHandlers);
    await openSignup();
    fill('grace@', 'Abcdefg1', 'Abcdefg2');
    fireEvent.click(submitButton());
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(confirm()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal inline and clears it when the form changes', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(http.post('*/api/auth/signup', () => failure(409, 'An account with this email already exists')), ...catalogueHandlers);
    const { router } = await openSignup();
    fill('grace@example.com', 'Abcdefg1');
    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(error).toHaveBeenCalledWith('An account with this email already exists');
    expect(useAuth.getState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/signup');

    fireEvent.change(email(), { target: { value: 'grace2@example.com' } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('signs in, says so and moves to the code screen with the e-mail', async () => {
    const success = vi.spyOn(toast, 'success');
    let form: FormData | undefined;
    server.use(
      http.post('*/api/auth/signup', async ({ request }) => {
        form = await request.formData();
        return envelope({ user: NEW_USER, accessToken: 'token-new' });
      }),
      ...catalogueHandlers,
    );
    const { router } = await openSignup();
    fill('grace@example.com', 'Abcdefg1');
    fireEvent.click(submitButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/otp-verify');
    expect(router.state.location.state).toEqual({ emailAddress: 'grace@example.com' });
    expect(form?.get('emailAddress')).toBe('grace@example.com');
    expect(form?.get('password')).toBe('Abcdefg1');
    expect(useAuth.getState()).toMatchObject({ user: NEW_USER, accessToken: 'token-new', isAuthenticated: true });
    expect(success).toHaveBeenCalledWith('Account created successfully!');
  });

  it('links back to login', async () => {
    server.use(...catalogueHandlers);
    await openSignup();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
