import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { catalogueHandlers, envelope, failure, gate, server, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const EMAIL = 'a@b.co';
const NEW_USER = user({ _id: 'n'.padStart(24, '0'), fullName: '', phoneNumber: '', emailAddress: EMAIL, isEmailVerified: false });

/** The app's routes at /otp-verify, with `state` (sign-up passes the e-mail). */
const renderOtp = (state: unknown = { emailAddress: EMAIL }) => renderRoutes(routes, '/otp-verify', state);

async function openOtp() {
  const view = renderOtp();
  expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
  return view;
}

const codeInput = () => screen.getByRole('textbox', { name: 'One-time code' });
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const type = (code: string) => fireEvent.change(codeInput(), { target: { value: code } });

afterEach(resetStores);

describe('OTP screen', () => {
  it('goes to sign-up when no e-mail was passed', async () => {
    server.use(...catalogueHandlers);
    const { router } = renderOtp(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('goes to sign-up when the state has no e-mail', async () => {
    server.use(...catalogueHandlers);
    const { router } = renderOtp({ somethingElse: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('shows the e-mail, six slots and the links', async () => {
    server.use(...catalogueHandlers);
    await openOtp();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getAllByTestId('otp-slot')).toHaveLength(6);
    expect(codeInput()).toHaveAttribute('maxlength', '6');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it('keeps Verify disabled below 4 digits and accepts digits only', async () => {
    server.use(...catalogueHandlers);
    await openOtp();
    expect(verifyButton()).toBeDisabled();
    type('123');
    expect(codeInput()).toHaveValue('123');
    expect(screen.getAllByTestId('otp-slot').map((slot) => slot.textContent)).toEqual(['1', '2', '3', '', '', '']);
    expect(verifyButton()).toBeDisabled();
    type('1234');
    expect(verifyButton()).toBeEnabled();
    // Letters are refused by the digit pattern: the value stays as it was.
    type('12a4');
    expect(codeInput()).toHaveValue('1234');
  });

  it.each(['1234', '12345'])('says %s is not a valid code, without calling the server', async (code) => {
    const { calls, handler } = unexpected('post', '*/api/auth/verify-otp');
    server.use(handler, ...catalogueHandlers);
    await openOtp();
    type(code);
    fireEvent.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid OTP.');
    expect(calls).not.toHaveBeenCalled();
    // Typing clears the message.
    type('123456');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('verifies the code, says so and moves to profile setup', async () => {
    const success = vi.spyOn(toast, 'success');
    // Sign-up signed the shopper in before this screen.
    useAuth.getState().signIn(NEW_USER, 'token-new');
    let body: unknown;
    server.use(
      http.post('*/api/auth/verify-otp', async ({ request }) => {
        body = await request.json();
        return envelope({ user: { ...NEW_USER, isEmailVerified: true } });
      }),
      ...catalogueHandlers,
    );
    const { router } = await openOtp();
    type('123456');
    fireEvent.click(verifyButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile-setup');
    expect(body).toEqual({ emailAddress: EMAIL, otp: '123456' });
    expect(success).toHaveBeenCalledWith('OTP verified successfully!');
    expect(useAuth.getState().user?.isEmailVerified).toBe(true);
  });

  it('shows the server’s refusal and stays', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    server.use(http.post('*/api/auth/verify-otp', () => failure(400, 'Invalid or expired OTP')), ...catalogueHandlers);
    const { router } = await openOtp();
    type('654321');
    fireEvent.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired OTP');
    expect(error).toHaveBeenCalledWith('Invalid or expired OTP');
    expect(success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/otp-verify');
  });

  it('resends the code and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    const { held, release } = gate();
    let body: unknown;
    server.use(
      http.post('*/api/auth/resend-otp', async ({ request }) => {
        body = await request.json();
        await held;
        return envelope(null, 'OTP sent');
      }),
      ...catalogueHandlers,
    );
    await openOtp();
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    expect(body).toEqual({ emailAddress: EMAIL });
    expect(success).toHaveBeenCalledWith('OTP resent successfully!');
  });

  it('shows a failed resend', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(http.post('*/api/auth/resend-otp', () => failure(429, 'Please wait before asking for another code')), ...catalogueHandlers);
    await openOtp();
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait before asking for another code');
    expect(error).toHaveBeenCalledWith('Please wait before asking for another code');
  });
});
