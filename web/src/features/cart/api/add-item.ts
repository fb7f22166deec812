import type { Item } from '@/api/types';
import { apiSend } from '@/lib/api-client';
import type { LineRef } from '../line-ref';
import type { ListType } from './types';

/** Adds `quantity` of a product's variant to a list; `variantId` is left out only for a
 * product with one variant (docs/DESIGN.md §9). */
export const addItem = (list: ListType, line: LineRef, quantity: number) =>
  apiSend<Item>('POST', '/user/item', { ...line, quantity, type: list }, list === 'cart' ? 'Failed to add item to cart' : 'Failed to add to wishlist');
