// The administrator's console's routes, in one table like config/paths.ts. Kept apart
// from it because only the console's own bundle imports this file: the shop's pages
// carry none of it.

type Query = Record<string, string | number | null | undefined>;

/** `path` with the set values of `query` as its query string; page 1 is left out. */
function at(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

export const adminPaths = {
  /** The dashboard: the console's landing page. */
  home: '/admin',
  login: '/admin/login',
  orders: '/admin/orders',
  /** The orders table with these filters (`status`, `paymentStatus`, `fulfilment`,
   * `from`, `to`, `q`) and `page`; the server's own parameter names. */
  ordersAt: (query: Query) => at('/admin/orders', query),
  order: (number: string) => `/admin/orders/${encodeURIComponent(number)}`,
  packingSlip: (number: string) => `/admin/orders/${encodeURIComponent(number)}/packing-slip`,
  /** The products table; its search, filters, sort and page are its query string. */
  products: '/admin/products',
  newProduct: '/admin/products/new',
  /** Checks a CSV file of products, then applies it. */
  importProducts: '/admin/products/import',
  product: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  /** The category tree: categories and their sub-categories, in the shop's order. */
  categories: '/admin/categories',
  /** The home page's banners, in the carousel's order. */
  banners: '/admin/banners',
  /** The customers table; `q` and `page` are its query string. */
  customers: '/admin/customers',
  customer: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
  /** The promo codes table; `page` is its query string. */
  promoCodes: '/admin/promo-codes',
  newPromoCode: '/admin/promo-codes/new',
  promoCode: (id: string) => `/admin/promo-codes/${encodeURIComponent(id)}`,
  /** The delivery methods with their preview; a new one; each one's editor. */
  deliveryMethods: '/admin/delivery',
  newDeliveryMethod: '/admin/delivery/new',
  deliveryMethod: (id: string) => `/admin/delivery/${encodeURIComponent(id)}`,
  /** Trade applications; `status` ('open' when absent, 'all' for every one) and `page`
   * are its query string. */
  tradeApplications: '/admin/trade-applications',
  tradeApplicationsAt: (query: { status?: string; page?: number }) => at('/admin/trade-applications', query),
  /** The customer groups trade accounts belong to; a new one; each one's editor and prices. */
  customerGroups: '/admin/customer-groups',
  newCustomerGroup: '/admin/customer-groups/new',
  customerGroup: (id: string) => `/admin/customer-groups/${encodeURIComponent(id)}`,
  /** The shop's own pages (privacy, terms, …): the six, and each one's editor. */
  pages: '/admin/pages',
  page: (slug: string) => `/admin/pages/${encodeURIComponent(slug)}`,
  /** Staff's search synonyms and abbreviations. */
  searchSynonyms: '/admin/search-synonyms',
  /** Review moderation; `rating`, `hidden` and `page` are its query string. */
  reviews: '/admin/reviews',
  /** The activity log; `adminId`, `objectType`, `objectId` and `page` are its query string. */
  activity: '/admin/activity',
  /** The shop's settings: its currency and pickup point. */
  settings: '/admin/settings',
  /** The shop's staff and their invitations (owners). */
  staff: '/admin/staff',
  /** The shop's webhook endpoints (owners), and each one with its deliveries. */
  webhooks: '/admin/webhooks',
  webhook: (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`,
  activityAt: (query: { adminId?: string; objectType?: string; objectId?: string; page?: number }) => at('/admin/activity', query),
} as const;
