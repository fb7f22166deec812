// The administrator's console's routes, in one table like config/paths.ts. Kept apart
// from it because only the console's own bundle imports this file: the shop's pages
// carry none of it.

export const adminPaths = {
  home: '/admin',
  login: '/admin/login',
  orders: '/admin/orders',
  /** The orders table, at `status` (every status when absent) and `page`. */
  ordersAt: ({ status, page }: { status?: string | null; page?: number }) => {
    const query = new URLSearchParams();
    if (status) query.set('status', status);
    if (page && page > 1) query.set('page', String(page));
    const search = query.toString();
    return `/admin/orders${search ? `?${search}` : ''}`;
  },
  order: (number: string) => `/admin/orders/${encodeURIComponent(number)}`,
  packingSlip: (number: string) => `/admin/orders/${encodeURIComponent(number)}/packing-slip`,
  /** The products table; its search, filters, sort and page are its query string. */
  products: '/admin/products',
  newProduct: '/admin/products/new',
  product: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
} as const;
