import { apiSend } from '@/lib/api-client';
import type { ListType } from './types';

export const removeItem = (list: ListType, itemId: string) =>
  apiSend<null>(
    'DELETE',
    `/user/item/${encodeURIComponent(itemId)}?type=${list}`,
    undefined,
    list === 'cart' ? 'Failed to delete item from cart' : 'Failed to remove from wishlist',
  );
