import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestMail, newEmail, png } from './helpers';

const PASSWORD = 'Secret12';

/** The six-digit code in a sign-up mail. */
const codeIn = (mail: string) => /\n {4}(\d{6})\r?\n/.exec(mail)![1];

async function fillSignup(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** Registers through every screen: sign-up, the mailed code, profile setup. */
async function register(page: Page, email: string, fullName = 'Ada Lovelace') {
  const before = Date.now() - 1;
  await fillSignup(page, email);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const code = codeIn(await latestMail(email, before));
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Setup Profile' })).toBeVisible();
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Phone Number').fill('+44 20 7946 0958');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Successfully' })).toBeVisible();
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a new shopper signs up, verifies the mailed code, sets up a profile and lands home signed in', async ({ page }) => {
  const email = newEmail('register');
  await register(page, email);
  await expect(page.getByText('check your e-mail for a confirmation', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toHaveText('A');
  // Signed in, the guest-only pages lead home, and the account area opens.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile-settings');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // Logout clears the session.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up/Sign In' })).toBeVisible();
});

test('login says what is wrong, and guests are sent to login from the account area', async ({ page }) => {
  await page.goto('/profile-settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  const email = newEmail('login');
  await register(page, email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign Up/Sign In' })).toBeVisible();

  await login(page, email, 'Wrong123');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('A');
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const email = newEmail('reset');
  await register(page, email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign Up/Sign In' })).toBeVisible();

  const before = Date.now() - 1;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  // The login form has an Email field too: fill only once the recovery page has replaced it.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const token = /\/new-password\?token=([^\s"<&]+)/.exec(await latestMail(email, before))![1];

  await page.goto(`/new-password?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Reset password' });
  // Long enough and lowercase: two of the five rules hold.
  await page.getByLabel('Password', { exact: true }).fill('newpassw');
  await expect(page.locator('[data-holds="true"]')).toHaveCount(2);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('Newpass1!');
  await page.getByLabel('Confirm Password').fill('Newpass1!');
  await expect(page.locator('[data-holds="true"]')).toHaveCount(5);
  await submit.click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Successfully' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();

  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await login(page, email, 'Newpass1!');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The link worked once.
  await page.goto(`/new-password?token=${token}`);
  await expect(page.getByText('Invalid or expired reset link. Please request a new one.')).toBeVisible();
});

test('a shopper edits the profile with a photo, then deletes the account', async ({ page }) => {
  const email = newEmail('profile');
  await register(page, email);
  await page.goto('/profile-settings');
  await page.getByLabel('Your Full Name').fill('Grace Hopper');
  await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64, 64, [40, 160, 90]) });
  await expect(page.getByAltText('Chosen profile picture')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  // The header shows the stored photo through a signed URL.
  const photo = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(photo).toHaveAttribute('src', /\/media\/private\/profile\/.+signature=/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  const confirm = dialog.getByRole('button', { name: 'Delete Account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Current Password').fill('Wrong123');
  await confirm.click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await confirm.click();
  await expect(page.getByText('Account deleted successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up/Sign In' })).toBeVisible();
  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});
