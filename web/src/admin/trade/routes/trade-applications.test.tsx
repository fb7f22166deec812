import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { AdminTradeApplication, ApproveRequest, CustomerGroup, RejectRequest } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const TRADE_ID = 'g1'.padStart(24, '0');
const CONTRACTORS_ID = 'g2'.padStart(24, '0');

const group = (overrides: Partial<CustomerGroup> = {}): CustomerGroup => ({ _id: TRADE_ID, name: 'Trade', categoryDiscounts: [], cartDiscount: false, members: 4, version: 1, ...overrides });
const GROUPS = [group(), group({ _id: CONTRACTORS_ID, name: 'Contractors', members: 0 })];

/** An application as the console lists it: by default an open one from a plumber. */
const application = (overrides: Partial<AdminTradeApplication> = {}): AdminTradeApplication => ({
  _id: 'a1'.padStart(24, '0'),
  companyName: 'Pipe & Co',
  taxNumber: 'GB123456789',
  trade: 'plumber',
  phoneNumber: '+44 1463 000000',
  address: { streetAddress: '1 Harbour Road', townCity: 'Inverness', postcode: 'IV1 1AA', country: 'GB' },
  status: 'open',
  reason: null,
  group: null,
  creditLimit: 0,
  termsDays: 0,
  decidedAt: null,
  createdAt: '2026-03-02T09:00:00Z',
  userId: 'u1'.padStart(24, '0'),
  emailAddress: 'ada@pipe.example',
  fullName: 'Ada Lovelace',
  ...overrides,
});

const pipe = application();
const heat = application({ _id: 'a2'.padStart(24, '0'), companyName: 'Warm Homes Ltd', taxNumber: '', trade: 'heating_engineer', fullName: 'Grace Hopper', emailAddress: 'grace@warm.example', createdAt: '2026-03-01T08:00:00Z' });
const built = application({
  _id: 'a3'.padStart(24, '0'),
  companyName: 'Stone Builders',
  trade: 'builder',
  status: 'approved',
  group: { _id: TRADE_ID, name: 'Trade' },
  creditLimit: 5000,
  termsDays: 30,
  decidedAt: '2026-02-21T10:00:00Z',
  createdAt: '2026-02-20T08:00:00Z',
});
const sparks = application({ _id: 'a4'.padStart(24, '0'), companyName: 'Sparks', trade: 'electrician', status: 'rejected', reason: 'No trade references', decidedAt: '2026-02-19T10:00:00Z', createdAt: '2026-02-18T08:00:00Z' });

type Answer = (id: string) => Response | undefined;

/** The applications over `start`, which decisions change as the server's do unless
 * `answer` answers first; `sent` records each decision's body, `asked` each list query. */
function applicationsApi({ start = [pipe, heat, built, sparks], groups = GROUPS, approve, reject }: { start?: AdminTradeApplication[]; groups?: CustomerGroup[]; approve?: Answer; reject?: Answer } = {}) {
  let applications = [...start];
  const asked: URLSearchParams[] = [];
  const sent: { call: string; body: ApproveRequest | RejectRequest }[] = [];
  const decide = (id: string, change: Partial<AdminTradeApplication>) => {
    applications = applications.map((a) => (a._id === id ? { ...a, ...change, decidedAt: '2026-03-03T12:00:00Z' } : a));
    return applications.find((a) => a._id === id)!;
  };
  server.use(
    http.get('*/api/admin/trade/application', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const status = query.get('status');
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('perPage') ?? 20);
      const matching = applications.filter((a) => !status || a.status === status);
      return envelope({ applications: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, perPage }, 'Trade applications');
    }),
    http.get('*/api/admin/customer-group', () => envelope({ groups }, 'Customer groups')),
    http.post('*/api/admin/trade/application/:id/approve', async ({ request, params }) => {
      const body = (await request.json()) as ApproveRequest;
      sent.push({ call: `approve ${params.id}`, body });
      const id = params.id as string;
      const answered = approve?.(id);
      if (answered) return answered;
      const chosen = groups.find((g) => g._id === body.groupId)!;
      return envelope({ application: decide(id, { status: 'approved', group: { _id: chosen._id, name: chosen.name }, creditLimit: body.creditLimit, termsDays: body.termsDays }) }, 'Application approved');
    }),
    http.post('*/api/admin/trade/application/:id/reject', async ({ request, params }) => {
      const body = (await request.json()) as RejectRequest;
      sent.push({ call: `reject ${params.id}`, body });
      const id = params.id as string;
      return reject?.(id) ?? envelope({ application: decide(id, { status: 'rejected', reason: body.reason }) }, 'Application rejected');
    }),
  );
  return {
    asked,
    sent,
    /** Decides an application behind the console's back, as another administrator would. */
    decide,
  };
}

const table = () => screen.getByRole('region', { name: 'Trade applications table' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (company: string) => rows().find((row) => within(row).getByRole('rowheader').textContent === company)!;
const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function review(company: string) {
  fireEvent.click(within(rowOf(company)).getByRole('button', { name: `Review ${company}` }));
  return screen.findByRole('dialog', { name: `Review ${company}` });
}

describe('Console trade applications', () => {
  it('opens on the open applications, newest first, and filters by status in the address', async () => {
    const { asked } = applicationsApi();
    const { router } = renderRoutes(routes, '/admin/trade-applications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trade applications' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Trade applications table' });
    expect(Object.fromEntries(asked[0])).toEqual({ status: 'open', page: '1', perPage: '20' });
    expect(screen.getByLabelText('Status')).toHaveValue('open');
    expect(rows().map(cells)).toEqual([
      ['Pipe & Co', 'Ada Lovelaceada@pipe.example', 'Plumber', 'Mar 02, 2026', 'Open', 'Review'],
      ['Warm Homes Ltd', 'Grace Hoppergrace@warm.example', 'Heating engineer', 'Mar 01, 2026', 'Open', 'Review'],
    ]);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await waitFor(() => expect(rows()).toHaveLength(4));
    // Every one: no status sent.
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ page: '1', perPage: '20' });
    // A decided one shows what was decided, and cannot be reviewed again.
    expect(cells(rowOf('Stone Builders')).slice(4)).toEqual(['ApprovedTrade · credit ₹5000.00 · 30 days', '']);
    expect(cells(rowOf('Sparks')).slice(4)).toEqual(['RejectedReason: No trade references', '']);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await waitFor(() => expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Sparks']));
    expect(router.state.location.search).toBe('?status=rejected');
    expect(asked.at(-1)!.get('status')).toBe('rejected');
    // The side navigation leads here.
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Trade applications' })).toHaveAttribute('href', '/admin/trade-applications');
  });

  it('pages through the applications twenty at a time, keeping the page in the address', async () => {
    const many = Array.from({ length: 25 }, (_, i) => application({ _id: String(i).padStart(24, '0'), companyName: `Company ${i + 1}` }));
    const { asked } = applicationsApi({ start: many });
    const { router } = renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    expect(rows()).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Trade applications pages' });
    expect(pages).toHaveTextContent('Page 1 of 2 · 25 applications');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=2');
    expect(asked.at(-1)!.get('page')).toBe('2');
  });

  it('shows the whole application, and approving sends the group, credit limit and terms; the row then shows them', async () => {
    const success = vi.spyOn(toast, 'success');
    const { sent } = applicationsApi();
    renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    const dialog = await review('Pipe & Co');
    const details = within(dialog);
    expect(details.getByText('GB123456789')).toBeInTheDocument();
    expect(details.getByText('+44 1463 000000')).toBeInTheDocument();
    expect(details.getByText('1 Harbour Road')).toBeInTheDocument();
    expect(details.getByText('IV1 1AA')).toBeInTheDocument();
    expect(details.getByText('ada@pipe.example')).toBeInTheDocument();

    // The groups to choose from, and the defaults: no credit, 30 days.
    const select = await within(dialog).findByLabelText('Customer group');
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a group', 'Trade', 'Contractors']));
    expect(within(dialog).getByLabelText('Credit limit (₹)')).toHaveValue('0');
    expect(within(dialog).getByLabelText('Payment terms (days)')).toHaveValue('30');

    fireEvent.change(select, { target: { value: TRADE_ID } });
    type('Credit limit (₹)', '2500.50');
    type('Payment terms (days)', '45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ call: `approve ${pipe._id}`, body: { groupId: TRADE_ID, creditLimit: 2500.5, termsDays: 45 } }]);
    expect(success).toHaveBeenCalledWith('Trade account for Pipe & Co approved');
    // The row stays on the open page until it loads again, saying what was decided.
    expect(cells(rowOf('Pipe & Co')).slice(4)).toEqual(['ApprovedTrade · credit ₹2500.50 · 45 days', '']);
  });

  it('checks the approval before sending it', async () => {
    const { sent } = applicationsApi();
    renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    const dialog = await review('Pipe & Co');
    type('Credit limit (₹)', '12.345');
    type('Payment terms (days)', '121');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    expect(await within(dialog).findByText('Choose a customer group')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Customer group')).toHaveAccessibleDescription(expect.stringContaining('Choose a customer group'));
    expect(within(dialog).getByLabelText('Credit limit (₹)')).toHaveAccessibleDescription(expect.stringContaining('Credit limit must be from 0 to 10000000, with at most two decimals'));
    expect(within(dialog).getByLabelText('Payment terms (days)')).toHaveAccessibleDescription(expect.stringContaining('Payment terms are 0 to 120 days'));
    expect(sent).toEqual([]);
  });

  it('rejecting needs a reason, and sends it; the row then shows it', async () => {
    const { sent } = applicationsApi();
    renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    const dialog = await review('Warm Homes Ltd');
    // No tax number given.
    expect(within(dialog).getByText('None given')).toBeInTheDocument();
    type('Reason', '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('A reason is required'));
    expect(sent).toEqual([]);

    type('Reason', 'We could not confirm the VAT number');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ call: `reject ${heat._id}`, body: { reason: 'We could not confirm the VAT number' } }]);
    expect(cells(rowOf('Warm Homes Ltd')).slice(4)).toEqual(['RejectedReason: We could not confirm the VAT number', '']);
  });

  it('puts the server’s field errors under their fields, and keeps the review open', async () => {
    applicationsApi({
      approve: () => refusal(400, 'No such customer group', { groupId: 'No such customer group', termsDays: 'Payment terms are 0 to 120 days' }),
      reject: () => refusal(400, 'The reason must be at most 500 characters', { reason: 'The reason must be at most 500 characters' }),
    });
    renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    const dialog = await review('Pipe & Co');
    await waitFor(() => expect(within(within(dialog).getByLabelText('Customer group')).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(within(dialog).getByLabelText('Customer group'), { target: { value: CONTRACTORS_ID } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Customer group')).toHaveAccessibleDescription(expect.stringContaining('No such customer group')));
    expect(within(dialog).getByLabelText('Customer group')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Payment terms (days)')).toHaveAccessibleDescription(expect.stringContaining('Payment terms are 0 to 120 days'));
    expect(within(dialog).getByLabelText('Credit limit (₹)')).not.toHaveAttribute('aria-invalid');

    type('Reason', 'Too long, the server says');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('The reason must be at most 500 characters')));
    expect(screen.getByRole('dialog', { name: 'Review Pipe & Co' })).toBeInTheDocument();
  });

  it('says when someone decided the application first (409), and loads the list again', async () => {
    const api = applicationsApi({
      approve: (id) => {
        api.decide(id, { status: 'approved', group: { _id: TRADE_ID, name: 'Trade' }, creditLimit: 100, termsDays: 14 });
        return failure(409, 'This application was already approved');
      },
    });
    renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    const before = api.asked.length;
    const dialog = await review('Pipe & Co');
    await waitFor(() => expect(within(within(dialog).getByLabelText('Customer group')).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(within(dialog).getByLabelText('Customer group'), { target: { value: TRADE_ID } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This application was already approved');
    // The list is read again behind the review, which stays open with the message.
    await waitFor(() => expect(api.asked.length).toBeGreaterThan(before));
    expect(screen.getByRole('dialog', { name: 'Review Pipe & Co' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Warm Homes Ltd']);
  });

  it('offers to create a customer group when the shop has none', async () => {
    applicationsApi({ groups: [] });
    renderRoutes(routes, '/admin/trade-applications');
    await screen.findByRole('region', { name: 'Trade applications table' });
    const dialog = await review('Pipe & Co');
    expect(await within(dialog).findByText(/The shop has no customer groups yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Create a customer group' })).toHaveAttribute('href', '/admin/customer-groups/new');
  });

  it('says when none are open', async () => {
    applicationsApi({ start: [built] });
    renderRoutes(routes, '/admin/trade-applications');
    expect(await screen.findByText('No open trade applications.')).toBeInTheDocument();
  });

  it('says when they cannot be loaded', async () => {
    server.use(http.get('*/api/admin/trade/application', () => failure(500, 'Failed to load the trade applications')));
    renderRoutes(routes, '/admin/trade-applications?status=all');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the trade applications');
  });
});
