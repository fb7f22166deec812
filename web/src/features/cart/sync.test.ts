import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { itemsKey } from '@/api/query-keys';
import { useAuth } from '@/features/auth';
import { envelope, gate, item, product, server, user } from '@/testing/server';
import { resetStores } from '@/testing/render';
import { getItems } from './api/get-items';
import { useLocalStore } from './local-store';
import { syncLocalData } from './sync';

afterEach(resetStores);

describe('syncLocalData', () => {
  it('keeps the merged cart when a read of the cart sent before the merge answers after it', async () => {
    const shopper = user();
    useAuth.getState().signIn(shopper, 'token-123');
    const a = product();
    useLocalStore.getState().addToCart({ productId: a._id }, 2);
    const before = [item(a, { quantity: 1 })];
    const merged = [item(a, { quantity: 3 })];
    const read = gate();
    server.use(
      // The account's cart as it was before the merge, answered only when the test says.
      http.get('*/api/user/item', async () => {
        await read.held;
        return envelope(before);
      }),
      http.post('*/api/user/sync', () =>
        envelope({ cart: merged, wishlist: [], adjustments: { unknown: 0, outOfStock: 0, overLimit: 0, capped: 0 } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = itemsKey(shopper._id, 'cart');
    // The header asks for the cart as the page loads, before the merge has answered.
    const header = client.prefetchQuery({ queryKey: key, queryFn: () => getItems('cart') });

    expect(await syncLocalData(client)).toBe(true);
    expect(client.getQueryData(key)).toEqual(merged);
    read.release();
    await header;

    expect(client.getQueryData(key)).toEqual(merged);
    expect(useLocalStore.getState().cart).toEqual([]);
  });
});
