import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { catalogueHandlers, envelope, failure, gate, server } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const TOKEN = 'reset-token-abc';
const RULES = [
  'Must be at least 8 characters',
  'Must contain at least one uppercase letter',
  'Must contain at least one lowercase letter',
  'Must contain at least one number',
  'Must contain one special character',
];

const verifyOk = (seen?: (body: unknown) => void) =>
  http.post('*/api/auth/verify-reset-token', async ({ request }) => {
    seen?.(await request.json());
    return envelope({ valid: true });
  });

const password = () => screen.getByLabelText('Password');
const confirm = () => screen.getByLabelText('Confirm Password');
const submitButton = () => screen.getByRole('button', { name: 'Reset password' });
/** Each rule's text and whether it holds, in display order. */
const rules = () =>
  within(screen.getByRole('list', { name: 'Password rules' }))
    .getAllByRole('listitem')
    .map((li) => [li.textContent, li.getAttribute('data-holds')]);
const holding = () => rules().filter(([, holds]) => holds === 'true').map(([text]) => text);

async function openForm(path = `/new-password?token=${TOKEN}`) {
  const view = renderRoutes(routes, path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Set new password' })).toBeInTheDocument();
  return view;
}

function fill(secret: string, again = secret) {
  fireEvent.change(password(), { target: { value: secret } });
  fireEvent.change(confirm(), { target: { value: again } });
}

afterEach(resetStores);

describe('New password page: the link', () => {
  it('without a token, says the link is invalid and goes to forgot-password', async () => {
    const error = vi.spyOn(toast, 'error');
    const verify = vi.fn();
    server.use(
      http.post('*/api/auth/verify-reset-token', () => {
        verify();
        return envelope({});
      }),
      ...catalogueHandlers,
    );
    const { router } = renderRoutes(routes, '/new-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(error).toHaveBeenCalledWith('Invalid reset link. Please request a new password reset.');
    expect(error).toHaveBeenCalledTimes(1);
    expect(verify).not.toHaveBeenCalled();
  });

  it('with a token that fails verification, says so and goes to forgot-password', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(http.post('*/api/auth/verify-reset-token', () => failure(400, 'Invalid or expired reset token')), ...catalogueHandlers);
    const { router } = renderRoutes(routes, `/new-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(error).toHaveBeenCalledWith('Invalid or expired reset link. Please request a new one.');
  });

  it('says it is verifying the link until the server answers, sending the token', async () => {
    const { held, release } = gate();
    let body: unknown;
    server.use(
      http.post('*/api/auth/verify-reset-token', async ({ request }) => {
        body = await request.json();
        await held;
        return envelope({ valid: true });
      }),
      ...catalogueHandlers,
    );
    renderRoutes(routes, `/new-password?token=${TOKEN}`);
    expect(await screen.findByText('Verifying reset link...')).toBeInTheDocument();
    await waitFor(() => expect(body).toEqual({ token: TOKEN }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Set new password' })).toBeInTheDocument();
    expect(screen.queryByText('Verifying reset link...')).not.toBeInTheDocument();
    // The recovery sidebar marks this as the third step.
    const steps = within(screen.getByRole('list', { name: 'Password reset progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['completed', 'completed', 'current', 'upcoming']);
  });
});

describe('New password page: the form', () => {
  it('shows the five rules, updating live as the password is typed', async () => {
    server.use(verifyOk(), ...catalogueHandlers);
    await openForm();
    expect(rules()).toEqual(RULES.map((rule) => [rule, 'false']));
    // Each change also runs the form's (asynchronous) validation: let it settle.
    const typePassword = (value: string) => act(async () => void fireEvent.change(password(), { target: { value } }));

    await typePassword('abc');
    expect(holding()).toEqual([RULES[2]]);
    await typePassword('abcDEF');
    expect(holding()).toEqual([RULES[1], RULES[2]]);
    await typePassword('abcDEF12');
    expect(holding()).toEqual([RULES[0], RULES[1], RULES[2], RULES[3]]);
    await typePassword('abcDEF12!');
    expect(holding()).toEqual(RULES);
    await typePassword('!');
    expect(holding()).toEqual([RULES[4]]);
  });

  it('enables Reset password only when every rule holds and the confirmation matches', async () => {
    server.use(verifyOk(), ...catalogueHandlers);
    await openForm();
    expect(submitButton()).toBeDisabled();

    // All rules but the special character, confirmed.
    fill('Abcdefg1');
    await waitFor(() => expect(holding()).toHaveLength(4));
    expect(submitButton()).toBeDisabled();

    // All rules, no confirmation.
    fill('Abcdefg1!', '');
    expect(holding()).toEqual(RULES);
    expect(submitButton()).toBeDisabled();

    // All rules, a different confirmation.
    fireEvent.change(confirm(), { target: { value: 'Abcdefg1?' } });
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    fireEvent.change(confirm(), { target: { value: 'Abcdefg1!' } });
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();

    // Breaking a rule again disables it.
    fireEvent.change(password(), { target: { value: 'abcdefg1!' } });
    await waitFor(() => expect(submitButton()).toBeDisabled());
  });

  it('says why a password that keeps every rule is still refused when it is over 128 characters', async () => {
    server.use(verifyOk(), ...catalogueHandlers);
    await openForm();
    const long = `Abcdefg1!${'x'.repeat(120)}`;
    fill(long);
    expect(await screen.findByText('Password cannot exceed 128 characters')).toBeInTheDocument();
    expect(holding()).toEqual(RULES);
    expect(submitButton()).toBeDisabled();

    fill(long.slice(0, 128));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.queryByText('Password cannot exceed 128 characters')).not.toBeInTheDocument();
  });

  it('resets the password, says so and moves to reset-success after one second', async () => {
    const success = vi.spyOn(toast, 'success');
    let body: unknown;
    server.use(
      verifyOk(),
      http.post('*/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return envelope(null, 'Password reset');
      }),
      ...catalogueHandlers,
    );
    const { router } = await openForm();
    fill('Abcdefg1!');
    await waitFor(() => expect(submitButton()).toBeEnabled());

    // setTimeout is faked from here on, so the redirect's delay can be measured; the
    // request is answered meanwhile (setImmediate stays real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submitButton());
    for (let i = 0; i < 200 && success.mock.calls.length === 0; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    expect(success).toHaveBeenCalledWith('Password reset successfully!');
    expect(body).toEqual({ token: TOKEN, password: 'Abcdefg1!' });
    expect(router.state.location.pathname).toBe('/new-password');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(router.state.location.pathname).toBe('/new-password');
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-success'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Successfully' })).toBeInTheDocument();
  });

  it('on HTTP 400, says the token is invalid and goes to forgot-password', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(verifyOk(), http.post('*/api/auth/reset-password', () => failure(400, 'Token expired')), ...catalogueHandlers);
    const { router } = await openForm();
    fill('Abcdefg1!');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(error).toHaveBeenCalledWith('Invalid or expired reset token. Please request a new one.');
  });

  it('on HTTP 422, says the password does not meet the requirements and stays', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    server.use(verifyOk(), http.post('*/api/auth/reset-password', () => failure(422, 'Weak password')), ...catalogueHandlers);
    const { router } = await openForm();
    fill('Abcdefg1!');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Password does not meet requirements.'));
    expect(success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/new-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Set new password' })).toBeInTheDocument();
  });

  it('on another failure, asks to try again', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(verifyOk(), http.post('*/api/auth/reset-password', () => failure(500, 'Database down')), ...catalogueHandlers);
    const { router } = await openForm();
    fill('Abcdefg1!');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to reset password. Please try again.'));
    expect(router.state.location.pathname).toBe('/new-password');
  });
});
