import type { Item } from '@/api/types';
import { apiSend } from '@/lib/api-client';

export const updateQuantity = (itemId: string, quantity: number) =>
  apiSend<Item>('PATCH', `/user/item/${encodeURIComponent(itemId)}`, { quantity }, 'An unexpected error occurred while updating quantity');
