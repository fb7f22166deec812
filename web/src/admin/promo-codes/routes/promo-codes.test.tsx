import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { PromoCode, PromoRequest } from '@/api/types';
import { adminPromoCodesHandler, promoCode, signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const spring = promoCode();
const flat = promoCode({ _id: 'q'.padStart(24, '0'), code: 'FLAT50', kind: 'fixed', amount: 50, startsOn: null, endsOn: null, usageLimit: null, perCustomerLimit: null, minSubtotal: 0, active: false, usedCount: 12 });

const rows = () => within(screen.getByRole('region', { name: 'Promo codes table' })).getAllByRole('row').slice(1);
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** POST or PUT of a code: what each was sent, answered by `answer` (by default the code saved). */
function saveHandler(method: 'post' | 'put', sent: PromoRequest[], answer?: () => Response) {
  const path = method === 'post' ? '*/api/admin/promo-code' : '*/api/admin/promo-code/:id';
  return http[method](path, async ({ request, params }) => {
    const body = (await request.json()) as PromoRequest;
    sent.push(body);
    if (answer) return answer();
    const saved: PromoCode = { ...spring, ...(body as Partial<PromoCode>), _id: (params.id as string) ?? 'n'.padStart(24, '0'), code: (body.code ?? '').toUpperCase() };
    return HttpResponse.json({ success: true, message: 'Promo code saved', data: { promoCode: saved } }, { status: method === 'post' ? 201 : 200 });
  });
}

describe('Console promo codes table', () => {
  it('lists each code with its discount, dates, uses, limits, minimum and whether it is on', async () => {
    const asked: URLSearchParams[] = [];
    server.use(adminPromoCodesHandler(() => [spring, flat], asked));
    renderRoutes(routes, '/admin/promo-codes');
    expect(await screen.findByRole('link', { name: 'SPRING10' })).toHaveAttribute('href', `/admin/promo-codes/${spring._id}`);
    expect(rows().map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['SPRING10', '10% off', 'Mar 01, 2026 – Mar 31, 2026', '3 / 100', '1', '₹50.00', 'Active'],
      ['FLAT50', '₹50.00 off', 'Always', '12 / no limit', 'No limit', 'None', 'Switched off'],
    ]);
    expect(screen.getByText('Page 1 of 1 · 2 promo codes')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', perPage: '20' });
    // The side navigation leads here.
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Promo codes' })).toHaveAttribute('href', '/admin/promo-codes');
  });

  it('pages, keeping the page in the address', async () => {
    const many = Array.from({ length: 21 }, (_, i) => promoCode({ _id: String(i).padStart(24, '0'), code: `CODE${i + 1}` }));
    server.use(adminPromoCodesHandler(() => many));
    const { router } = renderRoutes(routes, '/admin/promo-codes');
    await screen.findByRole('link', { name: 'CODE1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'CODE21' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    server.use(adminPromoCodesHandler(() => []));
    const view = renderRoutes(routes, '/admin/promo-codes');
    expect(await screen.findByText('No promo codes yet.')).toBeInTheDocument();
    view.unmount();
    server.use(http.get('*/api/admin/promo-code', () => failure(500, 'Failed to load the promo codes')));
    renderRoutes(routes, '/admin/promo-codes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the promo codes');
  });
});

describe('Console promo code form', () => {
  it('creates a code with every field and goes back to the table', async () => {
    const sent: PromoRequest[] = [];
    server.use(adminPromoCodesHandler(() => []), saveHandler('post', sent));
    const { router } = renderRoutes(routes, '/admin/promo-codes');
    fireEvent.click(await screen.findByRole('link', { name: 'New promo code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New promo code' })).toBeInTheDocument();
    type('Code', 'summer-25');
    fireEvent.click(screen.getByRole('radio', { name: 'A fixed amount' }));
    type('Amount off (₹)', '25.50');
    type('Minimum subtotal (₹)', '200');
    type('First day (optional)', '2026-06-01');
    type('Last day (optional)', '2026-06-30');
    type('Usage limit (optional)', '50');
    type('Per-customer limit (optional)', '2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active: shoppers can use it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/promo-codes'));
    expect(sent).toEqual([
      { code: 'summer-25', kind: 'fixed', amount: 25.5, startsOn: '2026-06-01', endsOn: '2026-06-30', usageLimit: 50, perCustomerLimit: 2, minSubtotal: 200, active: false },
    ]);
  });

  it('checks the fields as the server does before sending', async () => {
    const sent: PromoRequest[] = [];
    server.use(saveHandler('post', sent));
    renderRoutes(routes, '/admin/promo-codes/new');
    await screen.findByRole('heading', { level: 1, name: 'New promo code' });
    type('Code', 'no spaces');
    type('Percentage off', '120');
    type('Minimum subtotal (₹)', '1.234');
    type('First day (optional)', '2026-06-30');
    type('Last day (optional)', '2026-06-01');
    type('Usage limit (optional)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('Use 3 to 32 letters, digits, - or _')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('An amount from 0 to 1000000, two decimals at most')).toBeInTheDocument();
    expect(screen.getByText('At least 1, or empty for no limit')).toBeInTheDocument();
    // The amount and the dates are checked together once the fields themselves pass.
    type('Code', 'SPRING');
    type('Minimum subtotal (₹)', '0');
    type('Usage limit (optional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('A percentage from 0.01 to 100')).toBeInTheDocument();
    expect(screen.getByText('The last day cannot be before the first')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows a taken code (409) on the code field, and the server’s field errors on theirs', async () => {
    const sent: PromoRequest[] = [];
    let answer = () => failure(409, 'A promo code with this code exists');
    server.use(saveHandler('post', sent, () => answer()));
    renderRoutes(routes, '/admin/promo-codes/new');
    await screen.findByRole('heading', { level: 1, name: 'New promo code' });
    type('Code', 'spring10');
    type('Percentage off', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('A promo code with this code exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(expect.stringContaining('A promo code with this code exists'));

    answer = () => refusal(400, 'Please check the promo code', { amount: 'A percentage from 0.01 to 100', endsOn: 'A date like 2026-12-31' });
    type('Code', 'SPRING11');
    fireEvent.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('A date like 2026-12-31')).toBeInTheDocument();
    expect(screen.getByLabelText('Percentage off')).toHaveAccessibleDescription(expect.stringContaining('A percentage from 0.01 to 100'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the promo code');
    expect(sent).toHaveLength(2);
  });

  it('edits a code with every field as set, and shows a refusal of the new limit on its field', async () => {
    const sent: PromoRequest[] = [];
    let answer: (() => Response) | undefined = () => refusal(400, 'Please check the promo code', { usageLimit: 'It has been used 3 times already: the limit cannot be lower' });
    server.use(adminPromoCodesHandler(() => [flat, spring]), saveHandler('put', sent, () => (answer ? answer() : envelope({ promoCode: { ...spring, usageLimit: 10 } }))));
    const { router } = renderRoutes(routes, '/admin/promo-codes');
    fireEvent.click(await screen.findByRole('link', { name: 'SPRING10' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit SPRING10' })).toBeInTheDocument();
    expect(screen.getByText(/Used in 3 orders of 100\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('SPRING10');
    expect(screen.getByRole('radio', { name: 'A percentage' })).toBeChecked();
    expect(screen.getByLabelText('Percentage off')).toHaveValue('10');
    expect(screen.getByLabelText('First day (optional)')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('Last day (optional)')).toHaveValue('2026-03-31');
    expect(screen.getByLabelText('Usage limit (optional)')).toHaveValue('100');
    expect(screen.getByLabelText('Per-customer limit (optional)')).toHaveValue('1');
    expect(screen.getByLabelText('Minimum subtotal (₹)')).toHaveValue('50');
    expect(screen.getByRole('checkbox', { name: 'Active: shoppers can use it' })).toBeChecked();

    type('Usage limit (optional)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('It has been used 3 times already: the limit cannot be lower')).toBeInTheDocument();
    expect(screen.getByLabelText('Usage limit (optional)')).toHaveAttribute('aria-invalid', 'true');

    answer = undefined;
    type('Usage limit (optional)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/promo-codes'));
    expect(sent.at(-1)).toEqual({ code: 'SPRING10', kind: 'percent', amount: 10, startsOn: '2026-03-01', endsOn: '2026-03-31', usageLimit: 10, perCustomerLimit: 1, minSubtotal: 50, active: true, version: 1 });
  });

  it('opens a code’s page straight from its address, looking through the list', async () => {
    const many = Array.from({ length: 150 }, (_, i) => promoCode({ _id: String(i).padStart(24, '0'), code: `CODE${i + 1}` }));
    const asked: URLSearchParams[] = [];
    server.use(adminPromoCodesHandler(() => many, asked));
    renderRoutes(routes, `/admin/promo-codes/${many[120]._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit CODE121' })).toBeInTheDocument();
    expect(asked.map((query) => query.get('page'))).toEqual(['1', '2']);
  });

  it('says when no code has that id', async () => {
    server.use(adminPromoCodesHandler(() => [spring]));
    renderRoutes(routes, `/admin/promo-codes/${'z'.padStart(24, '0')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Promo code not found');
  });
});
