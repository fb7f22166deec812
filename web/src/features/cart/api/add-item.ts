import type { Item } from '@/api/types';
import { apiSend } from '@/lib/api-client';
import type { ListType } from './types';

export const addItem = (list: ListType, productId: string, quantity: number) =>
  apiSend<Item>('POST', '/user/item', { productId, quantity, type: list }, list === 'cart' ? 'Failed to add item to cart' : 'Failed to add to wishlist');
