import type { CartDetail } from '@/api/types';
import { apiSend } from '@/lib/api-client';
import type { LineRef } from '../line-ref';

/** Current names, images, prices and stock for the lines a guest keeps, one per variant
 * (in the order asked; products that no longer exist are left out). */
export const getCartDetail = (lines: LineRef[]) =>
  apiSend<CartDetail>('POST', '/user/cart-detail', { cartItems: lines.map((line) => ({ ...line, quantity: 1 })) }, 'Failed to fetch cart details').then(
    (data) => data.products,
  );
