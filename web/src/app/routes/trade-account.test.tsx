import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TradeApplication } from '@/api/types';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { PHONE_HINT } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, failure, gate, server, unexpected, user } from '@/testing/server';

const INTRO =
  'Trade prices, quantity breaks and pay on account for plumbers, heating engineers and builders. Tell us about your business and we will review your application.';

/** An application as the server answers it: open, sent on Mar 01, 2026. */
function application(overrides: Partial<TradeApplication> = {}): TradeApplication {
  return {
    _id: 'a'.padStart(24, '0'),
    companyName: 'Pipe & Co',
    taxNumber: 'GB123456789',
    trade: 'heating_engineer',
    phoneNumber: '+447700900123',
    address: { streetAddress: '1 High Street', townCity: 'Inverness', postcode: 'IV1 1AA', country: 'GB' },
    status: 'open',
    reason: null,
    group: null,
    creditLimit: null,
    termsDays: null,
    decidedAt: null,
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

/** GET /trade/application answering `latest` (null: never applied). */
const latestHandler = (latest: TradeApplication | null) => http.get('*/api/trade/application', () => envelope({ application: latest }, 'Trade application'));

const applicationForm = (name = 'Apply for a trade account') => screen.getByRole('form', { name });
const field = (label: string) => within(applicationForm()).getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const sendButton = () => within(applicationForm()).getByRole('button', { name: /Send application|Sending\.\.\./ });

/** Fills in every field as an applicant might, spaces and all. */
function fillIn() {
  type('Company name', '  Pipe & Co ');
  type('VAT or company number (optional)', 'GB123456789');
  type('Trade', 'heating_engineer');
  type('Phone number', '+44 7700 900123');
  type('Street address', '1 High Street');
  type('Town/City', 'Inverness');
  type('Postcode', 'IV1 1AA');
}

async function openPage() {
  const view = renderRoutes(routes, '/trade-account');
  expect(await screen.findByRole('heading', { level: 1, name: 'Trade Account' })).toBeInTheDocument();
  return view;
}

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/layouts/account-layout'), import('./trade-account')]));
beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));
afterEach(resetStores);

describe('Trade Account: applying', () => {
  it('shows the intro and a blank form to a customer who never applied, under the account menu', async () => {
    server.use(latestHandler(null), ...catalogueHandlers);
    await openPage();
    expect(await screen.findByText(INTRO)).toBeInTheDocument();
    expect(document.title).toBe('Trade Account | Shop');
    expect(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'Trade Account' })).toHaveAttribute('aria-current', 'page');
    expect(field('Company name')).toHaveValue('');
    expect(field('VAT or company number (optional)')).toHaveValue('');
    expect(field('Trade')).toHaveValue('');
    expect(within(field('Trade')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose your trade',
      'Plumber',
      'Heating engineer',
      'Builder',
      'Electrician',
      'Other',
    ]);
    expect(field('Phone number')).toHaveAccessibleDescription(PHONE_HINT);
    expect(field('Country')).toHaveValue('');
    expect(within(field('Country')).getAllByRole('option')[0]).toHaveTextContent("United Kingdom (the shop's country)");
    expect(sendButton()).toHaveTextContent('Send application');
    expect(screen.queryByText('Your application is being reviewed')).not.toBeInTheDocument();
  });

  it('says what is missing under each field, without calling the server', async () => {
    const { calls, handler } = unexpected('post', '*/api/trade/application');
    server.use(latestHandler(null), handler, ...catalogueHandlers);
    await openPage();
    await screen.findByText(INTRO);
    type('Company name', '   ');
    fireEvent.click(sendButton());
    await waitFor(() => expect(field('Company name')).toHaveAccessibleDescription('Company name is required'));
    expect(field('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Trade')).toHaveAccessibleDescription('Choose your trade');
    expect(field('Phone number')).toHaveAccessibleDescription('Phone number is required');
    expect(field('Street address')).toHaveAccessibleDescription('Street address is required');
    expect(field('Town/City')).toHaveAccessibleDescription('Town/City is required');
    expect(field('Postcode')).toHaveAccessibleDescription('Postcode is required');
    expect(field('VAT or company number (optional)')).not.toHaveAttribute('aria-invalid');
    expect(field('Country')).not.toHaveAttribute('aria-invalid');

    type('Phone number', '12-ab');
    type('Postcode', 'IV1 1AA!');
    fireEvent.click(sendButton());
    await waitFor(() => expect(field('Postcode')).toHaveAccessibleDescription('A postcode is letters, digits, spaces or hyphens'));
    expect(field('Phone number')).toHaveAccessibleDescription(`Please enter a valid phone number. ${PHONE_HINT}`);
    expect(calls).not.toHaveBeenCalled();
  });

  it('sends the application as JSON once, says Sending... meanwhile, then shows it being reviewed', async () => {
    const success = vi.spyOn(toast, 'success');
    const { held, release } = gate();
    let latest: TradeApplication | null = null;
    let body: unknown;
    let auth: string | null = null;
    let posts = 0;
    server.use(
      http.get('*/api/trade/application', () => envelope({ application: latest })),
      http.post('*/api/trade/application', async ({ request }) => {
        posts += 1;
        auth = request.headers.get('Authorization');
        body = await request.json();
        await held;
        latest = application();
        return HttpResponse.json({ success: true, message: 'Application sent', data: { application: latest } }, { status: 201 });
      }),
      ...catalogueHandlers,
    );
    await openPage();
    await screen.findByText(INTRO);
    fillIn();
    // A double click sends one application.
    fireEvent.click(sendButton());
    fireEvent.click(sendButton());

    await waitFor(() => expect(sendButton()).toHaveTextContent('Sending...'));
    expect(sendButton()).toBeDisabled();
    expect(body).toEqual({
      companyName: 'Pipe & Co',
      taxNumber: 'GB123456789',
      trade: 'heating_engineer',
      phoneNumber: '+44 7700 900123',
      address: { streetAddress: '1 High Street', townCity: 'Inverness', postcode: 'IV1 1AA', country: '' },
    });
    expect(auth).toBe('Bearer token-123');
    release();

    const panel = await screen.findByRole('region', { name: 'Your application is being reviewed' });
    expect(panel).toHaveTextContent('We received the application for Pipe & Co on Mar 01, 2026.');
    expect(success).toHaveBeenCalledWith('Application sent');
    expect(posts).toBe(1);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByText(INTRO)).not.toBeInTheDocument();
  });

  it("shows the server's refusals under the fields they name", async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(
      latestHandler(null),
      http.post('*/api/trade/application', () =>
        HttpResponse.json(
          {
            success: false,
            // As the server words it: the first of its messages.
            message: 'Use a two-letter country code such as GB',
            errors: {
              companyName: 'At most 120 characters',
              taxNumber: 'At most 40 characters',
              'address.postcode': 'A postcode is letters, digits, spaces or hyphens',
              'address.country': 'Use a two-letter country code such as GB',
            },
          },
          { status: 400 },
        ),
      ),
      ...catalogueHandlers,
    );
    await openPage();
    await screen.findByText(INTRO);
    fillIn();
    fireEvent.click(sendButton());
    await waitFor(() => expect(field('Company name')).toHaveAccessibleDescription('At most 120 characters'));
    expect(field('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Company name')).toHaveFocus();
    expect(field('VAT or company number (optional)')).toHaveAccessibleDescription('At most 40 characters');
    expect(field('Postcode')).toHaveAccessibleDescription('A postcode is letters, digits, spaces or hyphens');
    expect(field('Country')).toHaveAccessibleDescription('Use a two-letter country code such as GB');
    expect(field('Country')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Street address')).not.toHaveAttribute('aria-invalid');
    // Every message has its field: nothing is left over for a toast.
    expect(error).not.toHaveBeenCalled();
    expect(sendButton()).toHaveTextContent('Send application');
    expect(sendButton()).toBeEnabled();
  });

  it('says a 409 and shows where the application stands now', async () => {
    const error = vi.spyOn(toast, 'error');
    let asked = 0;
    server.use(
      http.get('*/api/trade/application', () => {
        asked += 1;
        return envelope({ application: asked === 1 ? null : application() });
      }),
      http.post('*/api/trade/application', () => failure(409, 'Your application is being reviewed')),
      ...catalogueHandlers,
    );
    await openPage();
    await screen.findByText(INTRO);
    fillIn();
    fireEvent.click(sendButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Your application is being reviewed'));
    expect(await screen.findByRole('region', { name: 'Your application is being reviewed' })).toHaveTextContent('Pipe & Co');
    expect(asked).toBe(2);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('Trade Account: where the application stands', () => {
  it('shows an open application without the form', async () => {
    server.use(latestHandler(application()), ...catalogueHandlers);
    await openPage();
    const panel = await screen.findByRole('region', { name: 'Your application is being reviewed' });
    expect(panel).toHaveTextContent('Pipe & Co');
    expect(within(panel).getByText('Mar 01, 2026')).toHaveAttribute('dateTime', '2026-03-01T10:00:00Z');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByText(INTRO)).not.toBeInTheDocument();
  });

  it('shows the reason of a rejection, and the form again filled in from it', async () => {
    const rejected = application({ status: 'rejected', reason: 'We could not verify the VAT number', decidedAt: '2026-03-04T09:00:00Z' });
    server.use(latestHandler(rejected), ...catalogueHandlers);
    await openPage();
    const panel = await screen.findByRole('region', { name: 'Your application was not approved' });
    expect(panel).toHaveTextContent('The application for Pipe & Co, sent on Mar 01, 2026, was not approved on Mar 04, 2026.');
    expect(within(panel).getByText('Reason: We could not verify the VAT number')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Apply again' })).toBeInTheDocument();
    const form = applicationForm('Apply again');
    expect(within(form).getByLabelText('Company name')).toHaveValue('Pipe & Co');
    expect(within(form).getByLabelText('VAT or company number (optional)')).toHaveValue('GB123456789');
    expect(within(form).getByLabelText('Trade')).toHaveValue('heating_engineer');
    expect(within(form).getByLabelText('Phone number')).toHaveValue('+447700900123');
    expect(within(form).getByLabelText('Street address')).toHaveValue('1 High Street');
    expect(within(form).getByLabelText('Town/City')).toHaveValue('Inverness');
    expect(within(form).getByLabelText('Postcode')).toHaveValue('IV1 1AA');
    expect(within(form).getByLabelText('Country')).toHaveValue('GB');
    expect(screen.queryByText(INTRO)).not.toBeInTheDocument();
  });

  it('shows an approved account: its group, credit limit and terms, without the form', async () => {
    const approved = application({
      status: 'approved',
      group: { _id: 'g'.padStart(24, '0'), name: 'Trade' },
      creditLimit: 2500,
      termsDays: 30,
      decidedAt: '2026-03-04T09:00:00Z',
    });
    server.use(latestHandler(approved), ...catalogueHandlers);
    await openPage();
    const panel = await screen.findByRole('region', { name: 'Your trade account is approved' });
    const terms = Object.fromEntries(within(panel).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(terms).toEqual({ Company: 'Pipe & Co', 'Customer group': 'Trade', 'Credit limit': '₹2500.00', Terms: 'Pay within 30 days' });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says when the application cannot be loaded, and tries again', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/trade/application', () => {
        asked += 1;
        return asked === 1 ? failure(500, 'Database unavailable') : envelope({ application: null });
      }),
      ...catalogueHandlers,
    );
    await openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(INTRO)).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });
});
