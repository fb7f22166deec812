import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { catalogueHandlers, envelope, failure, gate, server, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';
import { PHONE_INVALID } from '@/lib/phone';

// The page shows these values: spelt out here, not taken on trust from the factory.
const USER = user({ fullName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' });
const HOME = 'Grab the best deal on Smartphones';
const WRONG_TYPE = 'Please select a valid image file (JPEG, PNG, GIF, or WebP)';

const profileForm = () => screen.getByRole('form', { name: 'Profile' });
const passwordForm = () => screen.getByRole('form', { name: 'Update Password' });
const fullName = () => within(profileForm()).getByLabelText('Your Full Name');
const phone = () => within(profileForm()).getByLabelText('Phone Number');
const saveButton = () => within(profileForm()).getByRole('button', { name: /Save Changes|Saving\.\.\./ });

async function openSettings() {
  useAuth.getState().signIn(USER, 'token-123');
  const view = renderRoutes(routes, '/profile-settings');
  expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
  return view;
}

async function openDeleteDialog() {
  fireEvent.click(within(screen.getByRole('region', { name: 'Delete Account' })).getByRole('button', { name: 'Delete Account' }));
  return screen.findByRole('dialog', { name: 'Delete Account' });
}

interface Part {
  name: string;
  filename?: string;
  type?: string;
  value: string;
}

/** The parts of a multipart body, read as text. (Node 20's request.formData() cannot
 * build a File part under jsdom, whose File replaces the global.) */
async function multipart(request: Request): Promise<Part[]> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error('not multipart');
  const text = await request.text();
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head, ...body] = chunk.replace(/^\r\n/, '').replace(/\r\n$/, '').split('\r\n\r\n');
      const name = /name="([^"]*)"/.exec(head)![1];
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      const type = /Content-Type: (.+)/i.exec(head)?.[1];
      return { name, ...(filename !== undefined && { filename }), ...(type !== undefined && { type }), value: body.join('\r\n\r\n') };
    });
}

/** Node's own FormData (jsdom's replaces the global), taken from a parsed Response. */
async function nodeFormData(): Promise<typeof FormData> {
  const parsed = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  return parsed.constructor as typeof FormData;
}

afterEach(resetStores);

describe('Profile Settings: profile', () => {
  it('shows the e-mail and the current name and phone', async () => {
    server.use(...catalogueHandlers);
    await openSettings();
    expect(within(profileForm()).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profileForm()).getByText(/Email:/)).toHaveTextContent('Email: ada@example.com');
    expect(fullName()).toHaveValue('Ada Lovelace');
    expect(phone()).toHaveValue('+447700900123');
    expect(saveButton()).toHaveTextContent('Save Changes');
  });

  it('saves the name and phone as multipart, says Saving... meanwhile, then updates the store', async () => {
    const success = vi.spyOn(toast, 'success');
    const { held, release } = gate();
    let form: FormData | undefined;
    let auth: string | null = null;
    const updated = user({ fullName: 'Ada King', phoneNumber: '+44 20 7946 0958' });
    server.use(
      http.patch('*/api/auth/edit-profile', async ({ request }) => {
        auth = request.headers.get('Authorization');
        form = await request.formData();
        await held;
        return envelope({ user: updated });
      }),
      ...catalogueHandlers,
    );
    await openSettings();
    fireEvent.change(fullName(), { target: { value: 'Ada King' } });
    fireEvent.change(phone(), { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(saveButton());

    await waitFor(() => expect(saveButton()).toHaveTextContent('Saving...'));
    expect(saveButton()).toBeDisabled();
    await waitFor(() => expect(form).toBeDefined());
    expect(form!.get('fullName')).toBe('Ada King');
    expect(form!.get('phoneNumber')).toBe('+44 20 7946 0958');
    expect(form!.has('profilePicture')).toBe(false);
    expect(auth).toBe('Bearer token-123');
    expect(success).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(useAuth.getState().user).toEqual(updated);
    await waitFor(() => expect(saveButton()).toHaveTextContent('Save Changes'));
    expect(saveButton()).toBeEnabled();
  });

  it('sends a chosen picture with the profile', async () => {
    let parts: Part[] | undefined;
    server.use(
      http.patch('*/api/auth/edit-profile', async ({ request }) => {
        parts = await multipart(request);
        return envelope({ user: user({ profilePhoto: 'https://media.example/p.png' }) });
      }),
      ...catalogueHandlers,
    );
    await openSettings();
    // Node's File and FormData, as the browser pairs them: jsdom's File cannot be streamed
    // by fetch (undici), and jsdom's FormData turns a Node File into '[object File]'.
    vi.stubGlobal('FormData', await nodeFormData());
    const picture = new NodeFile(['PNG!'], 'me.png', { type: 'image/png' });
    fireEvent.change(within(profileForm()).getByLabelText('Profile picture'), { target: { files: [picture] } });
    expect(within(profileForm()).getByRole('img', { name: 'Chosen profile picture' })).toBeInTheDocument();
    expect(within(profileForm()).queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(saveButton());
    await waitFor(() => expect(parts).toBeDefined());
    expect(parts).toEqual([
      { name: 'fullName', value: 'Ada Lovelace' },
      { name: 'phoneNumber', value: '+447700900123' },
      { name: 'profilePicture', filename: 'me.png', type: 'image/png', value: 'PNG!' },
    ]);
    // The chosen file is sent once: the preview goes after a successful save.
    await waitFor(() => expect(within(profileForm()).queryByRole('img', { name: 'Chosen profile picture' })).not.toBeInTheDocument());
  });

  it('allows a blank phone number', async () => {
    let form: FormData | undefined;
    server.use(
      http.patch('*/api/auth/edit-profile', async ({ request }) => {
        form = await request.formData();
        return envelope({ user: user({ phoneNumber: '' }) });
      }),
      ...catalogueHandlers,
    );
    await openSettings();
    fireEvent.change(phone(), { target: { value: '' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(form).toBeDefined());
    expect(form!.get('phoneNumber')).toBe('');
  });

  it('refuses a blank name or a bad phone, without calling the server', async () => {
    const { calls, handler } = unexpected('patch', '*/api/auth/edit-profile');
    server.use(handler, ...catalogueHandlers);
    await openSettings();
    fireEvent.change(fullName(), { target: { value: '   ' } });
    fireEvent.change(phone(), { target: { value: '12345' } });
    fireEvent.click(saveButton());
    expect(await within(profileForm()).findByText('Full name is required')).toBeInTheDocument();
    expect(within(profileForm()).getByText(PHONE_INVALID)).toBeInTheDocument();
    expect(fullName()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toHaveBeenCalled();
    expect(useAuth.getState().user).toEqual(USER);
  });

  it('shows a failed save in an error toast', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(http.patch('*/api/auth/edit-profile', () => failure(500, 'Storage unavailable')), ...catalogueHandlers);
    await openSettings();
    fireEvent.click(saveButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Storage unavailable'));
    expect(useAuth.getState().user).toEqual(USER);
    expect(saveButton()).toHaveTextContent('Save Changes');
  });

  it('refuses a picture of the wrong type or over 5 MB, and does not send it', async () => {
    let form: FormData | undefined;
    server.use(
      http.patch('*/api/auth/edit-profile', async ({ request }) => {
        form = await request.formData();
        return envelope({ user: USER });
      }),
      ...catalogueHandlers,
    );
    await openSettings();
    const picker = within(profileForm()).getByLabelText('Profile picture');
    fireEvent.change(picker, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(profileForm()).findByRole('alert')).toHaveTextContent(WRONG_TYPE);
    expect(within(profileForm()).queryByRole('img', { name: 'Chosen profile picture' })).not.toBeInTheDocument();

    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] } });
    expect(within(profileForm()).getByRole('alert')).toHaveTextContent('File size must be less than 5.0MB');

    fireEvent.click(saveButton());
    await waitFor(() => expect(form).toBeDefined());
    expect(form!.has('profilePicture')).toBe(false);
  });
});

describe('Profile Settings: update password', () => {
  it('asks for the current password when blank, without calling the server', async () => {
    const { calls, handler } = unexpected('post', '*/api/auth/change-password');
    server.use(handler, ...catalogueHandlers);
    await openSettings();
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Send Code' }));
    expect(await within(passwordForm()).findByText('Please enter your current password')).toBeInTheDocument();
    expect(within(passwordForm()).getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toHaveBeenCalled();
  });

  it('sends the current password and says a code was mailed', async () => {
    const info = vi.spyOn(toast, 'info');
    let body: unknown;
    server.use(
      http.post('*/api/auth/change-password', async ({ request }) => {
        body = await request.json();
        return envelope(null, 'sent');
      }),
      ...catalogueHandlers,
    );
    await openSettings();
    const field = within(passwordForm()).getByLabelText('Current Password');
    fireEvent.change(field, { target: { value: 'old-secret' } });
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(info).toHaveBeenCalledWith('Password reset code sent to your email'));
    expect(body).toEqual({ currentPassword: 'old-secret' });
    expect(field).toHaveValue('');
  });

  it('shows a refused current password under the field', async () => {
    const info = vi.spyOn(toast, 'info');
    server.use(http.post('*/api/auth/change-password', () => failure(403, 'Incorrect password')), ...catalogueHandlers);
    await openSettings();
    fireEvent.change(within(passwordForm()).getByLabelText('Current Password'), { target: { value: 'nope' } });
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Send Code' }));
    expect(await within(passwordForm()).findByText('Incorrect password')).toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
  });
});

describe('Profile Settings: delete account', () => {
  it('keeps the dialog’s button disabled while the password is blank', async () => {
    server.use(...catalogueHandlers);
    await openSettings();
    const dialog = await openDeleteDialog();
    expect(within(dialog).getByText('Enter your current password to delete your account. This cannot be undone.')).toBeInTheDocument();
    const button = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(button).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: '   ' } });
    expect(button).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: 'secret1' } });
    expect(button).toBeEnabled();
  });

  it('deletes the account: Deleting... meanwhile, then signed out and told so', async () => {
    const success = vi.spyOn(toast, 'success');
    const { held, release } = gate();
    let body: unknown;
    server.use(
      http.delete('*/api/auth/delete-account', async ({ request }) => {
        body = await request.json();
        await held;
        return envelope(null, 'deleted');
      }),
      ...catalogueHandlers,
    );
    await openSettings();
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await within(dialog).findByRole('button', { name: 'Deleting... Account' })).toBeDisabled();
    expect(useAuth.getState().isAuthenticated).toBe(true);
    release();

    await waitFor(() => expect(success).toHaveBeenCalledWith('Account deleted successfully!'));
    expect(body).toEqual({ password: 'secret1' });
    expect(useAuth.getState()).toMatchObject({ user: null, accessToken: null, isAuthenticated: false });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toMatchObject({ accessToken: null, isAuthenticated: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('goes home after deleting the account (spec §2, §5)', async () => {
    server.use(http.delete('*/api/auth/delete-account', () => envelope(null, 'deleted')), ...catalogueHandlers);
    const { router } = await openSettings();
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(false));
    expect(await screen.findByRole('heading', { level: 2, name: HOME })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows a refused password in the dialog and keeps the session', async () => {
    const success = vi.spyOn(toast, 'success');
    server.use(http.delete('*/api/auth/delete-account', () => failure(403, 'Incorrect password')), ...catalogueHandlers);
    const { router } = await openSettings();
    const dialog = await openDeleteDialog();
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(useAuth.getState().isAuthenticated).toBe(true);
    expect(success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/profile-settings');
    // Typing again clears the message.
    fireEvent.change(within(dialog).getByLabelText('Current Password'), { target: { value: 'wrong2' } });
    expect(within(dialog).queryByText('Incorrect password')).not.toBeInTheDocument();
  });
});
