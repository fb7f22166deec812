import type { CartDetail } from '@/api/types';
import { apiSend } from '@/lib/api-client';

/** Current names, images, prices and stock for products a guest keeps (in the order
 * asked; products that no longer exist are left out). */
export const getCartDetail = (productIds: string[]) =>
  apiSend<CartDetail>('POST', '/user/cart-detail', { cartItems: productIds.map((productId) => ({ productId, quantity: 1 })) }, 'Failed to fetch cart details').then(
    (data) => data.products,
  );
