// Every route of the storefront (spec §2), in one table: links are never string-built
// in components.

export const paths = {
  home: '/',
  shop: '/shop',
  /** A product's page; with `variant`, showing that variant (`?variant=<id>`, docs/DESIGN.md §9). */
  product: (id: string, variant?: string | null) => `/product/${encodeURIComponent(id)}${variant ? `?variant=${encodeURIComponent(variant)}` : ''}`,
  cart: '/cart',
  checkout: '/checkout',
  wishlist: '/wishlist',
  login: '/login',
  signup: '/signup',
  otpVerify: '/otp-verify',
  profileSetup: '/profile-setup',
  registerSuccess: '/register-success',
  forgotPassword: '/forgot-password',
  checkEmail: '/check-email',
  newPassword: '/new-password',
  resetSuccess: '/reset-success',
  profileSettings: '/profile-settings',
  myOrders: '/my-orders',
  /** A signed-in shopper's order, in the account area. */
  myOrder: (number: string) => `/my-orders/${encodeURIComponent(number)}`,
  /** An order opened with its token: the link the order mails carry (so it works signed
   * out), and checkout's confirmation (`placed`). */
  order: (number: string, { token, placed = false }: { token?: string; placed?: boolean } = {}) => {
    const query = new URLSearchParams();
    if (token) query.set('token', token);
    if (placed) query.set('placed', '1');
    const search = query.toString();
    return `/orders/${encodeURIComponent(number)}${search ? `?${search}` : ''}`;
  },
  trackOrder: '/track-order',
  /** A back-in-stock mail's unsubscribe link opens here (`?token=`, docs/DESIGN.md §12). */
  unsubscribe: '/unsubscribe',
  /** Lines of 'SKU quantity' put in the cart at once (docs/DESIGN.md §11). */
  quickOrder: '/quick-order',
  paymentMethods: '/payment-methods',
  transactionHistory: '/payment-methods/transection-history',
  /** Applying for a trade account, and where the application stands (docs/DESIGN.md §11). */
  tradeAccount: '/trade-account',
  /** An approved trade account's open orders on account, with their due dates (docs/DESIGN.md §11). */
  statement: '/statement',
  terms: '/terms-and-conditions',
  about: '/about',
  contact: '/contact',
  /** One of the shop's own pages, written by staff (privacy, terms, returns, delivery,
   * faq, e-waste: docs/DESIGN.md §15). */
  page: (slug: PageSlug) => `/pages/${slug}`,
} as const;

/** The shop's own pages: these six exist, no other (server: domain/page.rs SLUGS). */
export const PAGE_SLUGS = ['privacy', 'terms', 'returns', 'delivery', 'faq', 'e-waste'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** The listing filtered by category and, optionally, sub-category (the header's links). */
export function shopByCategory(categoryId: string, subCategoryId?: string): string {
  const query = new URLSearchParams({ category: categoryId });
  if (subCategoryId) query.set('subCategory', subCategoryId);
  return `${paths.shop}?${query}`;
}

/** The listing searched by keyword (the header's search box). */
export function shopSearch(keyword: string): string {
  return `${paths.shop}?${new URLSearchParams({ keyword })}`;
}
