import type { Synced } from '@/api/types';
import { apiSend } from '@/lib/api-client';
import type { CartEntry, WishlistEntry } from '../local-store';

/** Merges the browser's lists into the signed-in shopper's (docs/DESIGN.md §5). */
export const syncItems = (data: { cart: CartEntry[]; wishlist: WishlistEntry[]; lastUpdated: number }) =>
  apiSend<Synced>('POST', '/user/sync', data, 'Failed to sync data');
