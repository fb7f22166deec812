// What the browser tests share: the demo catalogue as the API reports it, and a
// signed-in session made through the API.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface ApiProduct {
  _id: string;
  name: string;
  stock: number;
  discountPercentage: number;
  reviewCount: number;
  price: number;
  discountedPrice: number;
}

/** Every demo product, read from the API the storefront uses. */
export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const body = await (await request.get(`/api/product?perPage=100&page=${page}`)).json();
    products.push(...body.data.products);
    if (products.length >= body.data.total) return products;
  }
}

/** Signs a new shopper up through the API and stores the session as the storefront does. */
export async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const email = `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await request.post('/api/auth/signup', { multipart: { emailAddress: email, password: 'Secret12' } });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  await page.goto('/');
  await page.evaluate(
    (session) =>
      localStorage.setItem('auth-storage', JSON.stringify({ state: { ...session, isAuthenticated: true }, version: 0 })),
    { user: data.user, accessToken: data.accessToken },
  );
  return data.accessToken as string;
}
