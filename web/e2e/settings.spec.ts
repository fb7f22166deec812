import { expect, test } from './fixtures';
import { signInToConsole } from './helpers';

// The shop's pickup point (docs/DESIGN.md §15): the owner says in the console's Settings where
// pickup orders are collected, and the shop's Contact page shows it (checkout and orders:
// their vitest files; the mails: server/tests/api/settings.rs). (The
// currency is left as the demo keeps it, null: the other tests read the spec's
// readings; its formatting is tested in src/lib/format.test.ts and server/tests.)

test('the owner names the pickup point in Settings, and the Contact page shows it', async ({ page }) => {
  await signInToConsole(page);
  await page.getByRole('navigation', { name: 'Console' }).first().getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('The shop’s currency')).toHaveValue('');
  const on = page.getByRole('checkbox', { name: /Say where shoppers collect/ });
  if (!(await on.isChecked())) await on.check();
  await page.getByLabel('Name', { exact: true }).fill('Trade counter');
  await page.getByLabel('Address', { exact: true }).fill('1 Example Street\nExampletown EX1 2MP');
  await page.getByLabel('Opening hours (optional)').fill('Mon–Fri 7:00–17:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.goto('/contact');
  const pickup = page.getByRole('region', { name: 'Collect your order' });
  await expect(pickup.getByText('Trade counter')).toBeVisible();
  await expect(pickup.getByText('1 Example Street')).toBeVisible();
  await expect(pickup.getByText('Mon–Fri 7:00–17:00')).toBeVisible();
});
