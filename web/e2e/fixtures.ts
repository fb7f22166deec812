import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/** Tests address the server global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.SHOP_E2E_URL);
  },
});
