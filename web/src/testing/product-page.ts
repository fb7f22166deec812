// The product page as the cart and wishlist tests meet it: its calls, and its own controls.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { Item } from '@/api/types';
import { useLocalStore } from '@/features/cart/local-store';
import { catalogueHandlers, envelope, product } from './server';

export const ID = '0123456789abcdef01234567';
export const SHOWN = product({ _id: ID, stock: 25 });
export const RELATED = product({ _id: 'f'.repeat(24), name: 'A related tap' });

export const store = () => useLocalStore.getState();

/** The product page's calls; `lists` are the signed-in shopper's cart and wishlist. */
export function productHandlers(lists: { cart?: () => Item[]; wishlist?: () => Item[] } = {}) {
  return [
    http.get(`*/api/product/${ID}`, () => envelope({ product: SHOWN })),
    http.get('*/api/product', () => envelope({ products: [SHOWN, RELATED], total: 2, page: 1, perPage: 4 })),
    http.get(`*/api/review/product/${ID}`, () => envelope({ reviews: [], total: 0 })),
    http.get('*/api/user/item', ({ request }) =>
      envelope(new URL(request.url).searchParams.get('type') === 'wishlist' ? (lists.wishlist?.() ?? []) : (lists.cart?.() ?? [])),
    ),
    ...catalogueHandlers,
  ];
}

/** The product's own controls (the related cards have hearts too). */
export async function controls() {
  const add = await screen.findByRole('button', { name: 'Add to Cart' });
  const row = add.parentElement!;
  return {
    add,
    stepper: within(row).getByRole('group', { name: 'Quantity' }),
    heart: () => within(row).getByRole('button', { name: /wishlist/ }),
  };
}
