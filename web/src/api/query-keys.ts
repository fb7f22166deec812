// Every TanStack Query key of the shop and the console, in one module both import. A
// change marks stale what a page has cached only when both name the same key: the
// console's saves mark the shop's product, banner and category queries, an order marks
// the shopper's lists and payment methods, so each key is written here once and every
// query, mutation and invalidation takes it from here. Keys are arrays whose first parts
// name a family: invalidating a prefix (`ADMIN_PRODUCTS_KEY`) marks every key under it.
// The module has no imports of its own, so a shop page and a console page both load it
// without pulling any other feature's code along.

// ---- The shop ----

/** One product's page. */
export const PRODUCT_KEY = ['product'] as const;
export const productKey = (id: string) => [...PRODUCT_KEY, id] as const;

/** The listing, one key per query (filters, sort, page). */
export const PRODUCTS_KEY = ['products'] as const;
export const productsKey = <Query>(query: Query) => [...PRODUCTS_KEY, query] as const;

/** The home page's sections. */
export const HOME_PAGE_KEY = ['home-page'] as const;

/** 'You might also like' under a product. */
export const RELATED_PRODUCTS_KEY = ['related-products'] as const;
export const relatedProductsKey = (productId: string | undefined) => [...RELATED_PRODUCTS_KEY, productId] as const;

/** 'You'll also need' beside a product (GET /product/{id}/related), per product: its page
 * and the cart (for its lines) share each answer. */
export const NEEDED_PRODUCTS_KEY = ['needed-products'] as const;
export const neededProductsKey = (productId: string) => [...NEEDED_PRODUCTS_KEY, productId] as const;

/** Every catalogue query that shows a product (and its stock): its page, the listing,
 * the home page, 'You might also like' and 'You'll also need'. An order, a cancellation
 * and any console change to products mark them all stale. */
export const PRODUCT_QUERY_KEYS = [PRODUCT_KEY, PRODUCTS_KEY, HOME_PAGE_KEY, RELATED_PRODUCTS_KEY, NEEDED_PRODUCTS_KEY] as const;

/** The home page's carousel. */
export const BANNERS_KEY = ['banners'] as const;

/** The category tree: the shop's menu and filters, and the console's tree and forms. */
export const CATEGORIES_KEY = ['categories'] as const;

/** The search box's suggestions for what was typed. */
export const SUGGESTIONS_KEY = ['suggestions'] as const;
export const suggestionsKey = (q: string) => [...SUGGESTIONS_KEY, q] as const;

/** The signed-in customer's latest trade application, per customer so it never crosses
 * accounts (docs/DESIGN.md §11). */
export const TRADE_APPLICATION_KEY = ['trade-application'] as const;
export const tradeApplicationKey = (userId: string | null) => [...TRADE_APPLICATION_KEY, userId] as const;

/** Where the signed-in customer's trade account stands (GET /auth/user's `trade`): its
 * status and credit. An order on account uses credit, so it marks this stale. */
export const TRADE_STANDING_KEY = ['trade-standing'] as const;
export const tradeStandingKey = (userId: string | null) => [...TRADE_STANDING_KEY, userId] as const;

/** The account's Statement: its open orders on account, per customer and page. */
export const STATEMENT_KEY = ['trade-statement'] as const;
export const statementKey = (userId: string | null, page: number) => [...STATEMENT_KEY, userId, page] as const;

/** A product's reviews under its page, per page of them. */
export const productReviewsKey = (productId: string) => ['reviews', productId] as const;
export const productReviewsPageKey = (productId: string, page: number) => [...productReviewsKey(productId), page] as const;

/** A signed-in shopper's server lists: per user, so lists never cross accounts. */
export const ITEMS_KEY = ['items'] as const;
export const listsKey = (userId: string) => [...ITEMS_KEY, userId] as const;
export const itemsKey = <List extends string>(userId: string, list: List) => [...listsKey(userId), list] as const;

/** A guest's product details, by the products asked for. */
export const CART_DETAILS_KEY = ['cart-detail'] as const;
/** A guest's lines' details, by their keys (one per variant, cart/line-ref.ts). */
export const cartDetailsKey = (lineKeys: string[]) => [...CART_DETAILS_KEY, lineKeys] as const;

/** A signed address of a private photo (the profile picture). */
export const signedUrlKey = (photo: string | null | undefined) => ['signed-url', photo] as const;

/** The shop's facts (its currency, its pickup point). */
export const SHOP_KEY = ['shop'] as const;

/** One of the shop's own pages (terms, privacy, …). */
export const pageKey = (slug: string) => ['page', slug] as const;

/** The answer to a back-in-stock mail's unsubscribe link, per token (asked once). */
export const alertUnsubscribeKey = (token: string) => ['alert-unsubscribe', token] as const;

/** Every view of one order (each with the token it was opened with). */
export const orderViewsKey = (number: string) => ['order', number] as const;
export const orderKey = (number: string, token: string | null) => [...orderViewsKey(number), token] as const;

/** My Orders, per shopper and page. */
export const ORDERS_KEY = ['orders'] as const;
export const ordersKey = (userId: string | null, page: number) => [...ORDERS_KEY, userId, page] as const;

/** Every quote: a failed order invalidates them all. */
export const QUOTE_KEY = ['order-quote'] as const;
export const quoteKey = ({
  userId,
  fulfilment,
  items,
  promoCode = null,
  delivery = null,
}: {
  userId: string | null;
  fulfilment: string;
  items: readonly unknown[];
  promoCode?: string | null;
  delivery?: unknown;
}) => [...QUOTE_KEY, userId, fulfilment, items, promoCode, fulfilment === 'delivery' ? delivery : null] as const;

/** The address a signed-in shopper saved at checkout. */
export const SAVED_ADDRESS_KEY = ['saved-address'] as const;
export const savedAddressKey = (userId: string | null) => [...SAVED_ADDRESS_KEY, userId] as const;

/** Which payment provider the shop uses and how to reach it. */
export const PAYMENT_CONFIG_KEY = ['payment-config'] as const;

/** A shopper's saved cards. */
export const PAYMENT_METHODS_KEY = ['payment-methods'] as const;
export const paymentMethodsKey = (userId: string | null) => [...PAYMENT_METHODS_KEY, userId] as const;

/** A shopper's payment history, per page. */
export const TRANSACTIONS_KEY = ['transactions'] as const;
export const transactionsKey = (userId: string | null, page: number, perPage: number) => [...TRANSACTIONS_KEY, userId, page, perPage] as const;

// ---- The console ----

/** Every cached page of the orders table: a change to any order invalidates them all. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
export const adminOrdersKey = <Query>(query: Query) => [...ADMIN_ORDERS_KEY, query] as const;

/** One order as the console shows it. */
export const adminOrderKey = (number: string) => ['admin', 'order', number] as const;

/** Every cached page of the products table: a change to any product invalidates them all. */
export const ADMIN_PRODUCTS_KEY = ['admin', 'products'] as const;
export const adminProductsKey = <Query>(query: Query) => [...ADMIN_PRODUCTS_KEY, query] as const;

/** Every product the console has opened. */
export const ADMIN_PRODUCT_KEY = ['admin', 'product'] as const;
export const adminProductKey = (id: string) => [...ADMIN_PRODUCT_KEY, id] as const;

/** Every page of every product's stock history. */
export const STOCK_HISTORY_KEY = ['admin', 'stock-history'] as const;
export const stockHistoryKey = (productId: string, page: number) => [...STOCK_HISTORY_KEY, productId, page] as const;

/** The dashboard's figures: a change to products (stock, archiving) makes them stale. */
export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** Every cached page of the customers table and every customer's page: disabling or
 * enabling anyone marks them all stale. */
export const ADMIN_CUSTOMERS_KEY = ['admin', 'customers'] as const;
export const customersKey = (q: string, page: number) => [...ADMIN_CUSTOMERS_KEY, 'list', q, page] as const;
/** Every page of one customer's orders. */
export const customerKey = (id: string) => [...ADMIN_CUSTOMERS_KEY, 'one', id] as const;
export const customerPageKey = (id: string, page: number) => [...customerKey(id), page] as const;

/** Every cached page of codes and every code's edit page: a change marks them all stale. */
export const ADMIN_PROMO_CODES_KEY = ['admin', 'promo-codes'] as const;
/** Every page of the codes table. */
export const PROMO_CODE_LISTS_KEY = [...ADMIN_PROMO_CODES_KEY, 'list'] as const;
export const promoCodesKey = (page: number) => [...PROMO_CODE_LISTS_KEY, page] as const;
export const promoCodeKey = (id: string) => [...ADMIN_PROMO_CODES_KEY, 'one', id] as const;
/** The console's delivery methods (all of them: a shop has at most 50), and a preview. */
export const ADMIN_DELIVERY_METHODS_KEY = ['admin', 'delivery-methods'] as const;
export const deliveryPreviewKey = (query: { postcode: string; weightGrams: number; goods: number }) => [...ADMIN_DELIVERY_METHODS_KEY, 'preview', query] as const;

/** Every cached page of the reviews table: hiding or showing one changes them all. */
export const ADMIN_REVIEWS_KEY = ['admin', 'reviews'] as const;
export const adminReviewsKey = <Query>(query: Query) => [...ADMIN_REVIEWS_KEY, 'list', query] as const;

/** The banners as the console lists them. */
export const ADMIN_BANNERS_KEY = ['admin', 'banners'] as const;

/** The shop's six pages, as the console lists and edits them. */
export const ADMIN_PAGES_KEY = ['admin', 'pages'] as const;

/** The staff's search synonyms. */
export const SEARCH_SYNONYMS_KEY = ['admin', 'search-synonyms'] as const;

/** The shop's settings as the console edits them. */
export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

/** The activity log, per filters and page. */
export const activityKey = <Query>(query: Query) => ['admin', 'activity', query] as const;

// ---- The console's mutation keys ----

/** Every mutation of the banners carries this key: a move sends the whole order, so it
 * waits until no other change is on its way. */
export const BANNERS_MUTATION = [...ADMIN_BANNERS_KEY, 'change'] as const;

/** Every mutation of the tree carries this key, so each page can tell when one is running
 * (moves are refused while another change is on its way: they send the whole order). */
export const CATEGORY_TREE_MUTATION = ['admin', 'category-tree'] as const;

/** The console's trade area (docs/DESIGN.md §11). */
/** Every cached page of the applications table: a decision changes them all. */
export const TRADE_APPLICATIONS_KEY = ['admin', 'trade-applications'] as const;
export const tradeApplicationsKey = (query: { status: string; page: number }) => [...TRADE_APPLICATIONS_KEY, query] as const;

/** The customer groups (all of them: a shop has at most 100). An approval adds a member,
 * so it marks them stale too. */
export const CUSTOMER_GROUPS_KEY = ['admin', 'customer-groups'] as const;

/** Every cached page of every group's prices; one group's, per search and page. */
export const GROUP_PRICES_KEY = ['admin', 'group-prices'] as const;
export const groupPricesKey = (groupId: string) => [...GROUP_PRICES_KEY, groupId] as const;
export const groupPricesPageKey = (groupId: string, query: { q: string; page: number }) => [...groupPricesKey(groupId), query] as const;

/** A variant's quantity breaks, every audience's. */
export const priceBreaksKey = (variantId: string) => ['admin', 'price-breaks', variantId] as const;
