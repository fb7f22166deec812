import { expect, test } from './fixtures';

// Search speaks the trade (docs/DESIGN.md §15): the demo's synonyms, sizes typed either way,
// best match first with a keyword, and the header's suggestions worked by keyboard.

test('a shopper types an abbreviation, picks a suggestion with the keyboard, and searches a size', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('TRV');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  // 'TRV' is the demo's synonym for thermostatic radiator valves.
  const first = list.getByRole('option').first();
  await expect(first).toContainText('Thermostatic Radiator Valve');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const name = (await first.locator('span span').first().innerText()).trim();
  await box.press('Enter');
  // A product with several variants names the one it shows (docs/DESIGN.md §9).
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}(\?variant=[0-9a-f]{24})?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // Escape closes the list; Enter then searches what was typed, sorted by best match.
  await box.fill('15mm');
  await expect(list).toBeVisible();
  await box.press('Escape');
  await expect(list).toBeHidden();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop\?keyword=15mm$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('best');
  await expect(page.getByLabel('Sort by').locator('option').first()).toHaveText('Best match');
  // The demo writes sizes as '15 mm'.
  await expect(page.locator('main a[href^="/product/"]').first()).toContainText('15 mm');
});
