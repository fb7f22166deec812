import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import type { ActivityEntry } from '@/api/types';
import { ADMIN, adminActivityHandler, signInAs, signInAsAdmin } from '@/testing/admin';
import type { Actor } from '../activity';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const OTHER_ID = 'b'.padStart(24, '0');
const CUSTOMER_ID = 'c'.padStart(24, '0');
const PRODUCT_ID = 'e'.padStart(24, '0');

/** An entry; the server's FieldChange is typed loosely (any JSON), hence the cast. */
const entry = (overrides: Omit<Partial<ActivityEntry>, 'changes'> & { changes?: Record<string, { before: unknown; after: unknown }> }): ActivityEntry =>
  ({ _id: '1', adminId: ADMIN._id, adminEmail: ADMIN.emailAddress, objectType: 'order', objectId: '100001', objectName: '100001', action: 'status_changed', changes: {}, createdAt: '2026-03-04T10:15:00Z', ...overrides }) as ActivityEntry;

const PROMO_ID = 'p'.padStart(24, '0');
const CATEGORY_ID = 'd'.padStart(24, '0');

const log = [
  entry({ _id: '4', action: 'refunded', changes: { paymentStatus: { before: 'paid', after: 'partially_refunded' }, refunded: { before: null, after: 44 }, reason: { before: null, after: 'Scratched on arrival' } }, createdAt: '2026-03-04T10:16:00Z' }),
  entry({ _id: '3', changes: { status: { before: 'placed', after: 'ready_for_pickup' }, note: { before: null, after: 'Shelf B' } } }),
  entry({ _id: '2', adminId: OTHER_ID, adminEmail: 'owner@example.com', objectType: 'customer', objectId: CUSTOMER_ID, objectName: 'Ada Lovelace', action: 'disabled', changes: { disabled: { before: false, after: true } }, createdAt: '2026-03-03T09:00:00Z' }),
  entry({
    _id: '1',
    objectType: 'product',
    objectId: PRODUCT_ID,
    objectName: 'Alpha Kitchen Mixer',
    action: 'updated',
    changes: { price: { before: 149.99, after: 139.99 }, images: { before: ['products/a.webp'], after: [] }, description: { before: 'x'.repeat(100), after: '' } },
    createdAt: '2026-03-02T08:00:00Z',
  }),
  entry({ _id: '0', objectType: 'promo_code', objectId: PROMO_ID, objectName: 'SPRING10', action: 'usage_reset', createdAt: '2026-03-01T08:00:00Z' }),
  entry({ _id: '-1', objectType: 'category', objectId: CATEGORY_ID, objectName: 'Hand Tools', action: 'renamed', changes: { title: { before: 'Tools', after: 'Hand Tools' } }, createdAt: '2026-02-28T08:00:00Z' }),
  entry({ _id: '-2', objectType: 'product', objectId: OTHER_ID, objectName: 'Old Tap', action: 'deleted', createdAt: '2026-02-27T08:00:00Z' }),
  // An entry from before names were kept, whose object has gone.
  entry({ _id: '-3', objectType: 'banner', objectId: OTHER_ID, objectName: null, action: 'created', createdAt: '2026-02-26T08:00:00Z' }),
];

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('Console activity log', () => {
  it('lists each change: when, who, the object by its name with a link to it, the action and every field before → after', async () => {
    const asked: URLSearchParams[] = [];
    server.use(adminActivityHandler(log, asked));
    renderRoutes(routes, '/admin/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rows().map((row) => cells(row).slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['Mar 04, 2026, 10:16 UTC', 'admin@example.com', 'Order #100001', 'Refunded'],
      ['Mar 04, 2026, 10:15 UTC', 'admin@example.com', 'Order #100001', 'Status changed'],
      ['Mar 03, 2026, 09:00 UTC', 'owner@example.com', 'Customer Ada Lovelace', 'Disabled'],
      ['Mar 02, 2026, 08:00 UTC', 'admin@example.com', 'Product Alpha Kitchen Mixer', 'Updated'],
      ['Mar 01, 2026, 08:00 UTC', 'admin@example.com', 'Promo code SPRING10', 'Usage reset'],
      ['Feb 28, 2026, 08:00 UTC', 'admin@example.com', 'Category Hand Tools', 'Renamed'],
      ['Feb 27, 2026, 08:00 UTC', 'admin@example.com', 'Product Old Tap', 'Deleted'],
      ['Feb 26, 2026, 08:00 UTC', 'admin@example.com', `Banner ${OTHER_ID}`, 'Created'],
    ]);
    const changes = (i: number) => within(cells(rows()[i])[4]).queryAllByRole('listitem').map((item) => item.textContent);
    expect(changes(0)).toEqual(['paymentStatus: paid → partially_refunded', 'refunded: none → 44', 'reason: none → Scratched on arrival']);
    expect(changes(1)).toEqual(['status: placed → ready_for_pickup', 'note: none → Shelf B']);
    expect(changes(2)).toEqual(['disabled: no → yes']);
    expect(changes(3)).toEqual(['price: 149.99 → 139.99', 'images: products/a.webp → none', `description: ${'x'.repeat(80)}... → empty`]);
    // A cut value keeps the whole of it in the title.
    expect(within(cells(rows()[3])[4]).getAllByRole('listitem')[2]).toHaveAttribute('title', `description: ${'x'.repeat(100)} → empty`);
    expect(cells(rows()[4])[4]).toHaveTextContent('No fields changed');

    // Each object links to where the console shows it; a deleted one to nothing.
    const link = (i: number) => within(cells(rows()[i])[2]).queryByRole('link');
    expect(link(0)).toHaveAttribute('href', '/admin/orders/100001');
    expect(link(2)).toHaveAccessibleName('Ada Lovelace');
    expect(link(2)).toHaveAttribute('href', `/admin/customers/${CUSTOMER_ID}`);
    expect(link(3)).toHaveAttribute('href', `/admin/products/${PRODUCT_ID}`);
    expect(link(4)).toHaveAttribute('href', `/admin/promo-codes/${PROMO_ID}`);
    expect(link(5)).toHaveAttribute('href', '/admin/categories');
    expect(link(6)).toBeNull();
    expect(link(7)).toHaveAttribute('href', '/admin/banners');
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', perPage: '25' });
  });

  it('names trade applications and customer groups, and links to where the console shows them', async () => {
    const GROUP_ID = 'g'.padStart(24, '0');
    server.use(
      adminActivityHandler([
        entry({ _id: '2', objectType: 'trade_application', objectId: OTHER_ID, objectName: 'Pipe & Co', action: 'approved', changes: { status: { before: 'open', after: 'approved' } } }),
        entry({ _id: '1', objectType: 'customer_group', objectId: GROUP_ID, objectName: 'Trade', action: 'prices_set', createdAt: '2026-03-03T09:00:00Z' }),
      ]),
    );
    renderRoutes(routes, '/admin/activity');
    await screen.findByRole('table');
    expect(rows().map((row) => cells(row).slice(2, 4).map((cell) => cell.textContent))).toEqual([
      ['Trade application Pipe & Co', 'Approved'],
      ['Customer group Trade', 'Group prices set'],
    ]);
    // The applications table opens on the open ones; a decided one is under All.
    expect(within(cells(rows()[0])[2]).getByRole('link')).toHaveAttribute('href', '/admin/trade-applications?status=all');
    expect(within(cells(rows()[1])[2]).getByRole('link')).toHaveAttribute('href', `/admin/customer-groups/${GROUP_ID}`);
  });

  it('filters by administrator and object type, keeping both in the address and sending them', async () => {
    const asked: URLSearchParams[] = [];
    server.use(adminActivityHandler(log, asked));
    const { router } = renderRoutes(routes, '/admin/activity');
    await screen.findByRole('table');
    const admins = screen.getByLabelText('Administrator');
    expect(within(admins).getAllByRole('option').map((option) => option.textContent)).toEqual(['All administrators', 'admin@example.com (you)', 'owner@example.com']);

    fireEvent.change(admins, { target: { value: OTHER_ID } });
    await waitFor(() => expect(router.state.location.search).toBe(`?adminId=${OTHER_ID}`));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ adminId: OTHER_ID, page: '1', perPage: '25' }));

    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'customer' } });
    await waitFor(() => expect(router.state.location.search).toBe(`?adminId=${OTHER_ID}&objectType=customer`));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ adminId: OTHER_ID, objectType: 'customer', page: '1', perPage: '25' }));
    expect(within(screen.getByLabelText('Object type')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Every kind of object',
      'Product',
      'Category',
      'Sub-category',
      'Banner',
      'Order',
      'Customer',
      'Review',
      'Promo code',
      'Delivery method',
      'Settings',
      'Page',
      'Search synonyms',
      'Trade application',
      'Customer group',
      'Return',
      'Staff member',
      'Webhook',
    ]);
  });

  it('opens on one object’s history from the address, pages on, and can widen to every object of its kind', async () => {
    const many = Array.from({ length: 30 }, (_, i) => entry({ _id: String(i), objectType: 'customer', objectId: CUSTOMER_ID, objectName: 'Ada Lovelace', action: i % 2 ? 'enabled' : 'disabled' }));
    const asked: URLSearchParams[] = [];
    server.use(adminActivityHandler(many, asked));
    const { router } = renderRoutes(routes, `/admin/activity?objectType=customer&objectId=${CUSTOMER_ID}`);
    await screen.findByRole('table');
    expect(screen.getByText('Only changes to Customer Ada Lovelace.')).toBeInTheDocument();
    expect(screen.getByLabelText('Object type')).toHaveValue('customer');
    expect(Object.fromEntries(asked[0])).toEqual({ objectType: 'customer', objectId: CUSTOMER_ID, page: '1', perPage: '25' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 30 changes')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(router.state.location.search).toBe(`?objectType=customer&objectId=${CUSTOMER_ID}&page=2`);

    fireEvent.click(screen.getByRole('button', { name: 'Show every customer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?objectType=customer'));
  });

  it('says when nothing matches, and shows a refused filter in the server’s words', async () => {
    server.use(adminActivityHandler([]));
    const { unmount } = renderRoutes(routes, '/admin/activity?objectType=banner');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    unmount();

    server.use(http.get('*/api/admin/activity', () => failure(400, "adminId must be an administrator's _id")));
    renderRoutes(routes, '/admin/activity?adminId=nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent("adminId must be an administrator's _id");
  });
});

describe('Console activity log: staff and webhooks', () => {
  const STAFF_ID = 's'.padStart(24, '0');
  const HOOK_ID = 'h'.padStart(24, '0');
  /** An entry with its actor as the server now names them. */
  const by = (actor: Actor, overrides: Parameters<typeof entry>[0]) => ({ ...entry(overrides), actor }) as ActivityEntry;
  const owner: Actor = { _id: ADMIN._id, emailAddress: ADMIN.emailAddress, role: 'owner' };
  const staffLog = [
    by(owner, { _id: '9', objectType: 'staff', objectId: STAFF_ID, objectName: 'sam@example.com', action: 'invited', changes: { role: { before: null, after: 'support' } } }),
    by(owner, { _id: '8', objectType: 'staff', objectId: STAFF_ID, objectName: 'sam@example.com', action: 'invitation_revoked' }),
    by({ _id: OTHER_ID, emailAddress: 'mia@example.com', role: 'manager' }, { _id: '7', adminId: OTHER_ID, adminEmail: 'mia@example.com', objectType: 'order', action: 'marked_paid' }),
    by(owner, { _id: '6', objectType: 'webhook', objectId: HOOK_ID, objectName: 'https://erp.example.com/hook', action: 'secret_rotated' }),
    by(owner, { _id: '5', objectType: 'settings', objectId: 'settings', objectName: 'Settings', action: 'updated' }),
    // Made before staff had roles.
    by({ _id: ADMIN._id, emailAddress: 'old-admin@example.com', role: null }, { _id: '4', objectType: 'webhook', objectId: HOOK_ID, objectName: 'https://erp.example.com/hook', action: 'deleted' }),
  ];

  it('names each change’s maker with their role, and links staff and webhooks to their pages', async () => {
    server.use(adminActivityHandler(staffLog));
    renderRoutes(routes, '/admin/activity');
    await screen.findByRole('table');
    expect(rows().map((row) => cells(row).slice(1, 4).map((cell) => cell.textContent))).toEqual([
      ['admin@example.com (Owner)', 'Staff member sam@example.com', 'Invited'],
      ['admin@example.com (Owner)', 'Staff member sam@example.com', 'Invitation withdrawn'],
      ['mia@example.com (Manager)', 'Order #100001', 'Marked paid'],
      ['admin@example.com (Owner)', 'Webhook https://erp.example.com/hook', 'Secret rotated'],
      ['admin@example.com (Owner)', 'Settings Settings', 'Updated'],
      ['old-admin@example.com', 'Webhook https://erp.example.com/hook', 'Deleted'],
    ]);
    expect(within(cells(rows()[0])[2]).getByRole('link')).toHaveAttribute('href', '/admin/staff');
    expect(within(cells(rows()[3])[2]).getByRole('link')).toHaveAttribute('href', `/admin/webhooks/${HOOK_ID}`);
    // A deleted webhook has no page.
    expect(within(cells(rows()[5])[2]).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('Administrator')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All administrators',
      'admin@example.com (you)',
      'mia@example.com (Manager)',
    ]);
  });

  it('offers the object types staff and webhook, and sends them', async () => {
    const asked: URLSearchParams[] = [];
    server.use(adminActivityHandler(staffLog, asked));
    const { router } = renderRoutes(routes, '/admin/activity');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'webhook' } });
    await waitFor(() => expect(router.state.location.search).toBe('?objectType=webhook'));
    await waitFor(() => expect(asked.at(-1)?.get('objectType')).toBe('webhook'));
    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'staff' } });
    await waitFor(() => expect(asked.at(-1)?.get('objectType')).toBe('staff'));
  });

  it('links a manager to no page their role may not open (the staff, webhooks, the settings)', async () => {
    signInAs('manager');
    server.use(adminActivityHandler(staffLog));
    renderRoutes(routes, '/admin/activity');
    await screen.findByRole('table');
    expect(rows().map((row) => within(cells(row)[2]).queryByRole('link')?.getAttribute('href') ?? null)).toEqual([null, null, '/admin/orders/100001', null, null, null]);
  });
});
