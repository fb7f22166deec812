// The console's API as its tests meet it: members of staff of each role (an owner by
// default), and the admin order and product calls over lists the test chooses.
import { http } from 'msw';
import rules from '@/api/rules.json';
import type { Permission, StaffRole } from '@/admin/shared/permissions';
import type { ActivityEntry, AdminProduct, AdminReview, Customer, DashboardData, Order, OrderStatus, PromoCode, StockEntry, User } from '@/api/types';
import { useAuth } from '@/features/auth';
import { order } from './orders';
import { envelope, product, user } from './server';

/** What each role may do, as the server's table (server/src/domain/staff.rs) writes it
 * to rules.json: the tests sign in with exactly what the server would send. */
export const ROLE_PERMISSIONS = rules.staff.permissions as Record<StaffRole, Permission[]>;

/** A member of staff as the login and GET /auth/user answer: `{role}@example.com`, with
 * the role's permissions. */
export const staffUser = (role: StaffRole, overrides: Partial<User> = {}): User =>
  user({ _id: role.charAt(0).padStart(24, '0'), fullName: `Shop ${role}`, emailAddress: `${role}@example.com`, role, permissions: ROLE_PERMISSIONS[role], ...overrides });

/** The console's tests' usual member of staff: an owner, who may do everything. */
export const ADMIN = staffUser('owner', { _id: 'a'.padStart(24, '0'), fullName: 'Shop Admin', emailAddress: 'admin@example.com' });
export const ADMIN_TOKEN = 'admin-token';

export function signInAsAdmin() {
  useAuth.getState().signIn(ADMIN, ADMIN_TOKEN);
}

/** Signs in a member of staff of `role` (with its permissions). */
export function signInAs(role: StaffRole) {
  useAuth.getState().signIn(staffUser(role), `${role}-token`);
}

/** An order as the console sees it (every event): by default the testing/orders.ts one.
 * The console reads the generated `Order`, whose fields the orders feature narrows. */
export const adminOrder = (overrides: Partial<Order> = {}): Order => ({ ...order(), ...overrides });

/** The orders list's parameters as a test reads them back. */
const ORDER_LIST_PARAMS = ['status', 'paymentStatus', 'fulfilment', 'from', 'to', 'q', 'page', 'perPage'] as const;

/** What the list call was asked, in order: each parameter (null when absent) and the
 * Authorization header. */
export type ListAsked = (Record<(typeof ORDER_LIST_PARAMS)[number], string | null> & { auth: string | null })[];

/** GET /admin/order over `orders`, filtered by status, payment status and fulfilment and
 * paged as the server does (the dates and `q` are only recorded in `asked`). */
export function adminOrdersHandler(orders: Order[], asked: ListAsked = []) {
  return http.get('*/api/admin/order', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push({ ...(Object.fromEntries(ORDER_LIST_PARAMS.map((name) => [name, query.get(name)])) as Record<(typeof ORDER_LIST_PARAMS)[number], string | null>), auth: request.headers.get('Authorization') });
    const status = query.get('status') as OrderStatus | null;
    const paymentStatus = query.get('paymentStatus');
    const fulfilment = query.get('fulfilment');
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 20);
    const matching = orders.filter((o) => (!status || o.status === status) && (!paymentStatus || o.paymentStatus === paymentStatus) && (!fulfilment || o.fulfilment === fulfilment));
    return envelope({ orders: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, perPage });
  });
}

/** GET /admin/order/{number} answering with `current()` (so a test can change it). */
export const adminOrderHandler = (current: () => Order) => http.get('*/api/admin/order/:number', () => envelope({ order: current() }));

/** A product as the console sees it: by default the testing/server.ts one, not featured,
 * with no discount set. */
export const adminProduct = (overrides: Partial<AdminProduct> = {}): AdminProduct => ({
  ...product(),
  featured: false,
  archived: false,
  setDiscountPercentage: 0,
  setDiscountEndDate: null,
  version: 1,
  ...overrides,
});

/** GET /admin/product over `products`, paged as the server does (its filters are the
 * server's business: tests read what was asked from `asked`). */
export function adminProductsHandler(products: () => AdminProduct[], asked: URLSearchParams[] = []) {
  return http.get('*/api/admin/product', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 20);
    const all = products();
    return envelope({ products: all.slice((page - 1) * perPage, page * perPage), total: all.length, page, perPage });
  });
}

/** GET /admin/product/{id} answering with `current()` (so a test can change it). */
export const adminProductHandler = (current: () => AdminProduct) => http.get('*/api/admin/product/:id', () => envelope({ product: current() }));

/** GET /admin/product/{id}/stock-history over `entries` (newest first), paged as the server does. */
export const stockHistoryHandler = (entries: () => StockEntry[]) =>
  http.get('*/api/admin/product/:id/stock-history', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 10);
    return envelope({ entries: entries().slice((page - 1) * perPage, page * perPage), total: entries().length, page, perPage }, 'Stock history');
  });

/** The dashboard's figures: by default a quiet Monday. */
export const dashboard = (overrides: Partial<DashboardData> = {}): DashboardData => ({
  today: { from: '2026-03-02T00:00:00Z', orders: 0, revenue: 0 },
  week: { from: '2026-03-02T00:00:00Z', orders: 0, revenue: 0 },
  waiting: { placed: 0, readyForPickup: 0 },
  lowStock: { count: 0, products: [] },
  outOfStock: { count: 0, products: [] },
  reviews: [],
  ...overrides,
});

/** GET /admin/dashboard answering with `figures`. */
export const adminDashboardHandler = (figures: DashboardData = dashboard()) => http.get('*/api/admin/dashboard', () => envelope(figures, 'Dashboard'));

/** A customer as the console sees them: by default a verified one with no orders. */
export const adminCustomer = (overrides: Partial<Customer> = {}): Customer => ({
  _id: 'c'.padStart(24, '0'),
  fullName: 'Grace Hopper',
  emailAddress: 'grace@example.com',
  isEmailVerified: true,
  role: 'customer',
  orderCount: 0,
  totalSpent: 0,
  createdAt: '2026-01-15T08:30:00Z',
  disabled: false,
  disabledAt: null,
  ...overrides,
});

/** GET /admin/customer over `customers`, paged as the server does; each query in `asked`
 * (the search is the server's business). */
export function adminCustomersHandler(customers: Customer[], asked: URLSearchParams[] = []) {
  return http.get('*/api/admin/customer', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 20);
    return envelope({ customers: customers.slice((page - 1) * perPage, page * perPage), total: customers.length, page, perPage }, 'Customers');
  });
}

/** GET /admin/activity over `entries`, paged as the server does; each query in `asked`. */
export function adminActivityHandler(entries: ActivityEntry[], asked: URLSearchParams[] = []) {
  return http.get('*/api/admin/activity', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 25);
    return envelope({ activity: entries.slice((page - 1) * perPage, page * perPage), total: entries.length, page, perPage }, 'Activity');
  });
}

/** A promo code as the console lists it: 10 % off, from March 2026, used 3 times of 100. */
export const promoCode = (overrides: Partial<PromoCode> = {}): PromoCode => ({
  _id: 'p'.padStart(24, '0'),
  code: 'SPRING10',
  kind: 'percent',
  amount: 10,
  startsOn: '2026-03-01',
  endsOn: '2026-03-31',
  usageLimit: 100,
  perCustomerLimit: 1,
  minSubtotal: 50,
  active: true,
  usedCount: 3,
  version: 1,
  ...overrides,
});

/** GET /admin/promo-code over `codes`, paged as the server does; `asked` gets each query. */
export const adminPromoCodesHandler = (codes: () => PromoCode[], asked: URLSearchParams[] = []) =>
  http.get('*/api/admin/promo-code', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 20);
    return envelope({ promoCodes: codes().slice((page - 1) * perPage, page * perPage), total: codes().length, page, perPage });
  });

/** A review as the console lists it: 4 stars from Ada on the testing/server.ts product,
 * visible. */
export const adminReview = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  _id: 'r'.padStart(24, '0'),
  rating: 4,
  comment: 'Fitted under the sink in twenty minutes, no drips so far.',
  images: [],
  createdAt: '2026-03-02T09:15:00Z',
  user: { fullName: 'Ada Lovelace', profilePhoto: null },
  productId: product()._id,
  productName: product().name,
  authorEmail: 'ada@example.com',
  hidden: false,
  hiddenAt: null,
  hiddenReason: null,
  ...overrides,
});

/** GET /admin/review over `reviews()`, filtered by rating and hidden and paged as the
 * server does; each query in `asked`. */
export const adminReviewsHandler = (reviews: () => AdminReview[], asked: URLSearchParams[] = []) =>
  http.get('*/api/admin/review', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const rating = query.get('rating');
    const hidden = query.get('hidden');
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 20);
    const matching = reviews().filter((r) => (!rating || r.rating === Number(rating)) && (!hidden || String(r.hidden) === hidden));
    return envelope({ reviews: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, perPage }, 'Reviews');
  });
