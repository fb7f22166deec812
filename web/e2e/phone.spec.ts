// The storefront on phones: every page fits the screen without sideways
// scrolling, the header's controls are all on screen, and the main controls are touch
// sized. Each page is opened once and measured at every phone width by resizing.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToCart, allProducts, type ApiProduct, counted, latestMail, newEmail, signIn } from './helpers';

/** The phone widths the shop is tried at; the header must fit from the first. */
const WIDTHS = [320, 360, 390, 414];
const PHONE = '+447946095800';

test.use({ viewport: { width: 360, height: 740 } });

/** What sticks out past the window's right edge (for the failure message): the first few
 * elements, outermost first, that are not clipped by an ancestor. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent !== document.documentElement && parent !== document.body) return true;
        if (style.position === 'fixed') return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5 && !clipped(el) && getComputedStyle(el).position !== 'fixed') {
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        out.push(`<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> right ${Math.round(box.right)}px "${text}"`);
        if (out.length === 4) break;
      }
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, out };
  });
}

/** The page, as it stands, fits every phone width: the document is exactly as wide as
 * the window; and at 360 px its controls are big enough to touch. Leaves the viewport at
 * 360 px. */
async function expectFits(page: Page, what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    // Layout follows the resize on the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const found = await overflow(page);
    expect(found.scrollWidth, `${what} at ${width} px is ${found.scrollWidth} px wide; sticking out: ${found.out.join('; ')}`).toBe(width);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await expectTargetsAtLeast24(page, what);
}

/** A page opened at `path` once its main heading (or `ready`) shows, then measured. */
async function visit(page: Page, path: string, ready: Locator | string) {
  await page.goto(path);
  await expect(typeof ready === 'string' ? page.getByRole('heading', { name: ready, exact: true }).first() : ready).toBeVisible();
  await expectFits(page, path);
}

/** The box of `locator` is at least `size` CSS px each way. */
async function expectTouchSize(locator: Locator, size: number, what: string) {
  const box = (await locator.boundingBox())!;
  expect(box, `${what} is on the page`).not.toBeNull();
  expect(Math.min(box.width, box.height), `${what} is ${Math.round(box.width)} × ${Math.round(box.height)} px`).toBeGreaterThanOrEqual(size - 0.5);
}

/** Every visible control in the page's content (buttons, fields, links that are not
 * words in running text) is at least 24 × 24 px (WCAG 2.2, 2.5.8). */
async function expectTargetsAtLeast24(page: Page, what: string) {
  const small = await page.evaluate(() => {
    const inline = (el: Element) => el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.closest('p, li, dd, td') !== null;
    return [...document.querySelectorAll('main a, main button, main input, main select, main textarea, main [role="radio"], header a, header button, [role="dialog"] button, [role="dialog"] input')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        // Visually hidden inputs (sr-only, or invisible behind a styled label) are reached
        // through their label or button.
        const srOnly = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath.startsWith('inset(50%');
        if (box.width === 0 || srOnly || style.visibility === 'hidden' || style.opacity === '0' || inline(el)) return false;
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
          const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
          const target = label?.getBoundingClientRect();
          return !target || target.height < 24;
        }
        return box.width < 23.5 || box.height < 23.5;
      })
      .map((el) => `<${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}"> ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
  });
  expect(small, `controls under 24 × 24 px on ${what}`).toEqual([]);
}

/** The header's controls all lie inside the window at every phone width, and are 44 px
 * touch targets there. */
async function expectHeaderOnScreen(page: Page, signedIn: boolean) {
  const header = page.getByRole('banner');
  const controls = [
    header.getByRole('link', { name: 'Shop home page' }),
    header.getByRole('button', { name: 'Search' }),
    header.getByRole('link', { name: /^Wishlist, / }),
    header.getByRole('link', { name: /^Cart, / }),
    signedIn ? header.getByRole('button', { name: 'Account menu' }) : header.getByRole('link', { name: 'Sign Up/Sign In' }),
    header.getByRole('button', { name: 'Open menu' }),
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const control of controls) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      const name = `${await control.getAttribute('aria-label')} at ${width} px`;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
      if (control !== controls[0]) await expectTouchSize(control, 44, name);
    }
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

/** A product with stock to spare and at least one review, for the product page's parts. */
async function productToShow(products: ApiProduct[]) {
  return products.find((p) => p.stock >= 20 && p.reviewCount > 0) ?? products.find((p) => p.stock >= 20)!;
}

test('signed out, every page fits a phone and the header is on screen', async ({ page, request }) => {
  const products = await allProducts(request);
  const product = await productToShow(products);

  await visit(page, '/', page.getByRole('link', { name: /^Cart, / }));
  await expectHeaderOnScreen(page, false);

  // The listing: the filters fold into a panel behind a button.
  await visit(page, '/shop', 'Shop');
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(page.getByLabel('Category', { exact: true })).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Category', { exact: true })).toBeVisible();
  await expectFits(page, 'the listing with its filters open');
  await expectTouchSize(page.getByRole('button', { name: 'Next page' }), 44, 'Next page');
  await expectTouchSize(page.getByRole('button', { name: 'Page 2', exact: true }), 44, 'Page 2');
  await expectTouchSize(page.getByRole('button', { name: 'Add to wishlist' }).first(), 44, 'the heart');

  // The product page: gallery, zoom controls, quantity, reviews.
  await visit(page, `/product/${product._id}`, product.name);
  await expectTouchSize(page.getByRole('button', { name: 'Add to Cart' }), 44, 'Add to Cart');
  await expectTouchSize(page.getByRole('button', { name: 'Increase quantity' }), 44, 'Increase quantity');
  await expectTouchSize(page.getByRole('button', { name: 'Decrease quantity' }), 44, 'Decrease quantity');
  await page.getByRole('button', { name: /zoom|Zoom/ }).first().click();
  await expectFits(page, 'the product page with the zoom open');
  await page.keyboard.press('Escape');

  // Cart, checkout with the delivery form, wishlist.
  await addToCart(page, product, 2, 2);
  await page.getByRole('button', { name: 'Add to wishlist' }).first().click();
  await visit(page, '/cart', page.getByRole('button', { name: 'Increase quantity' }).first());
  await expectTouchSize(page.getByRole('button', { name: 'Increase quantity' }).first(), 44, 'the cart’s Increase quantity');
  await visit(page, '/checkout', page.getByRole('radio', { name: 'Delivery', exact: true }));
  await page.getByRole('radio', { name: 'Delivery', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Contact Information' })).toBeVisible();
  await expectFits(page, 'checkout with the delivery form');
  await visit(page, '/wishlist', page.getByRole('heading', { name: 'Wishlist (1)' }));

  // Sign-up, the mailed code, profile setup, success: each screen as a new shopper meets it.
  const email = newEmail('phone');
  const before = Date.now() - 1;
  await visit(page, '/signup', page.getByRole('button', { name: 'Sign Up' }));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret12');
  await page.getByLabel('Confirm Password').fill('Secret12');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expectFits(page, 'the code screen');
  const code = /\n {4}(\d{6})\r?\n/.exec(await latestMail(email, before))![1];
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Setup Profile' })).toBeVisible();
  await expectFits(page, 'profile setup');
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Phone Number').fill(PHONE);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Successfully' })).toBeVisible();
  await expectFits(page, 'the sign-up success screen');
  await page.evaluate(() => localStorage.removeItem('auth-storage'));

  // Login and recovery: forgot, check your e-mail, the mailed link's new password, success.
  await visit(page, '/login', page.getByRole('button', { name: 'Sign In' }));
  const resetBefore = Date.now() - 1;
  await visit(page, '/forgot-password', 'Forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectFits(page, 'check your e-mail');
  const token = /\/new-password\?token=([^\s"<&]+)/.exec(await latestMail(email, resetBefore))![1];
  await visit(page, `/new-password?token=${token}`, 'Set new password');
  await page.getByLabel('Password', { exact: true }).fill('Newpass1!');
  await page.getByLabel('Confirm Password').fill('Newpass1!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/reset-success$/);
  await expectFits(page, 'the reset success screen');

  for (const [path, heading] of [
    ['/terms-and-conditions', 'Terms & Conditions'],
    ['/about', 'About Us'],
    ['/contact', 'Contact'],
    ['/track-order', 'Track your order'],
    ['/no-such-page', 'Page not found'],
  ]) {
    await visit(page, path, page.getByRole('main').getByRole('heading', { level: 1 }));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText(heading);
  }
});

test('signed in, the account area, checkout and the review dialog fit a phone', async ({ page, request }) => {
  const products = await allProducts(request);
  const product = await productToShow(products);
  await signIn(page, request);
  await page.reload();
  await expectHeaderOnScreen(page, true);
  await expectFits(page, 'home, signed in');

  // An order placed on the phone, cash on delivery, with its confirmation page.
  await addToCart(page, product, 1, 1);
  await visit(page, '/checkout', page.getByRole('radio', { name: 'Delivery', exact: true }));
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Name').fill('Ada Lovelace');
  await details.getByLabel('Phone Number').fill(PHONE);
  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  const number = /\/orders\/(\d+)\?/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: `Thank you, your order #${number} is placed` })).toBeVisible();
  await expectFits(page, 'the order confirmation');

  await visit(page, '/profile-settings', 'Profile Settings');
  await visit(page, '/my-orders', page.getByRole('link', { name: new RegExp(number) }).first());
  await visit(page, `/my-orders/${number}`, page.getByRole('heading', { name: new RegExp(`#${number}`) }).first());

  await visit(page, '/payment-methods', 'Payment Methods');
  await page.getByRole('button', { name: 'New Payment Method' }).click();
  const addCard = page.getByRole('dialog', { name: 'Add New Card' });
  await expect(addCard).toBeVisible();
  await expectFits(page, 'the new card dialog');
  // A saved card, so that the page shows one and it can be removed.
  await addCard.getByLabel('Card Number').fill('4242424242424242');
  await addCard.getByLabel('Card Holder Name').fill('Ada Lovelace');
  await addCard.getByLabel('MM/YY').fill('1230');
  await addCard.getByLabel('CVV').fill('123');
  await addCard.getByRole('button', { name: 'Add' }).click();
  await expect(addCard).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
  await expectFits(page, 'payment methods with a saved card');
  await page.getByRole('button', { name: /^Remove / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'the remove card dialog');
  await page.keyboard.press('Escape');
  await visit(page, '/payment-methods/transection-history', 'Transaction History');

  // The review dialog on the product page.
  await visit(page, `/product/${product._id}`, product.name);
  await page.getByRole('button', { name: 'Write a Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Review' });
  await expect(dialog).toBeVisible();
  await expectFits(page, 'the review dialog');
});

test('on a 320 px phone the drawer leads to a sub-category’s listing', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const box = (await drawer.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  await expectTouchSize(drawer.getByRole('button', { name: 'Close menu' }), 44, 'Close menu');
  await drawer.getByRole('button', { name: 'Heating' }).click();
  const sub = drawer.locator('a[href*="subCategory="]').first();
  const title = (await sub.innerText()).trim();
  await sub.click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/shop\?category=[0-9a-f]{24}&subCategory=[0-9a-f]{24}$/);
  // The listing shows that sub-category's products; its filter (folded away) names it.
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByLabel('Sub-category').locator('option:checked')).toHaveText(counted(title));
  await expectFits(page, 'the sub-category listing');
});
