import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { SettingsRequest, ShopSettings } from '@/api/types';
import { formatRupee, getShopCurrency, setShopCurrency } from '@/lib/format';
import { signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(() => {
  resetStores();
  setShopCurrency(null);
});

const fresh: ShopSettings = {
  currency: null,
  pickup: null,
  name: 'Shop',
  address: { streetAddress: '', townCity: '', postcode: '', country: 'GB' },
  taxNumber: '',
  country: 'GB',
  taxLabel: 'VAT',
  pricesIncludeTax: true,
  rates: { standard: 20, reduced: 5, zero: 0 },
  countryRates: {},
  returnWindowDays: 30,
  version: 1,
};
const branch = { name: 'Main branch', address: '1 Example Street\nExampletown', openingHours: 'Mon–Fri 7–17', instructions: '' };

/** GET answers `current`; PUT records the body and answers `answer` (by default: saved). */
function settingsHandlers(current: () => ShopSettings, sent: SettingsRequest[], answer?: () => Response) {
  return [
    http.get('*/api/admin/settings', () => HttpResponse.json({ success: true, message: 'Settings', data: { settings: current() } })),
    http.put('*/api/admin/settings', async ({ request }) => {
      const body = (await request.json()) as SettingsRequest;
      sent.push(body);
      if (answer) return answer();
      const saved: ShopSettings = {
        ...current(),
        currency: body.currency ?? null,
        pickup: body.pickup ? { openingHours: '', instructions: '', ...body.pickup } : null,
        version: current().version + 1,
      };
      return HttpResponse.json({ success: true, message: 'Settings saved', data: { settings: saved } });
    }),
  ];
}

describe('Console settings', () => {
  it('saves the currency and a pickup point with the version it loaded, and switches the console to that currency', async () => {
    const sent: SettingsRequest[] = [];
    server.use(...settingsHandlers(() => fresh, sent));
    renderRoutes(routes, '/admin/settings');
    const currency = await screen.findByLabelText('The shop’s currency');
    expect(currency).toHaveValue('');
    expect(within(currency).getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Not set', 'GBP', 'EUR', 'USD', 'INR']));
    fireEvent.change(currency, { target: { value: 'GBP' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Say where shoppers collect/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: branch.name } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: branch.address } });
    fireEvent.change(screen.getByLabelText('Opening hours (optional)'), { target: { value: branch.openingHours } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ currency: 'GBP', pickup: branch, version: 1 });
    await waitFor(() => expect(getShopCurrency()).toBe('GBP'));
    expect(formatRupee(3)).toBe('£3.00');
  });

  it('checks the pickup point as the server does, and shows the server’s refusals on their fields', async () => {
    const sent: SettingsRequest[] = [];
    server.use(
      ...settingsHandlers(() => fresh, sent, () =>
        HttpResponse.json({ success: false, message: 'Choose a currency', errors: { currency: 'Choose a currency by its ISO 4217 code, such as GBP, EUR, USD or INR' } }, { status: 400 }),
      ),
    );
    renderRoutes(routes, '/admin/settings');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Say where shoppers collect/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /Say where shoppers collect/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Choose a currency by its ISO 4217 code, such as GBP, EUR, USD or INR')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ currency: null, pickup: null, version: 1 });
  });

  it('saves the shop’s identity, its rates and other countries’ rates, and checks rates as the server does', async () => {
    const sent: SettingsRequest[] = [];
    server.use(
      ...settingsHandlers(() => fresh, sent, () =>
        HttpResponse.json({ success: false, message: 'Check the settings', errors: { 'countryRates.XX': 'Use a two-letter country code such as GB', 'address.country': 'Use a two-letter country code such as GB' } }, { status: 400 }),
      ),
    );
    renderRoutes(routes, '/admin/settings');
    const standard = await screen.findByLabelText('Standard rate (%)');
    expect(standard).toHaveValue('20');
    expect(screen.getByLabelText('Tax label')).toHaveValue('VAT');
    fireEvent.change(screen.getByLabelText('Shop name'), { target: { value: 'Pipe & Co' } });
    fireEvent.change(screen.getByLabelText('Tax number (optional)'), { target: { value: 'GB123456789' } });
    fireEvent.change(standard, { target: { value: '8.125' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Prices include tax/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a country' }));
    const rows = screen.getByRole('group', { name: 'Rates in other countries' });
    fireEvent.change(within(rows).getByLabelText('Country'), { target: { value: 'xx' } });
    fireEvent.change(within(rows).getByLabelText('Standard rate (%)'), { target: { value: '19' } });
    fireEvent.change(within(rows).getByLabelText('Reduced rate (%)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('A rate is a percentage from 0 to 100 with at most two decimals')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(standard, { target: { value: '17.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Pipe & Co',
      taxNumber: 'GB123456789',
      pricesIncludeTax: false,
      rates: { standard: 17.5, reduced: 5, zero: 0 },
      countryRates: { XX: { standard: 19, reduced: 7, zero: 0 } },
      returnWindowDays: 30,
    });
    // The server knows which codes are assigned: its refusal lands on the row's field.
    expect(await within(rows).findByText('Use a two-letter country code such as GB')).toBeInTheDocument();
  });

  it('offers the latest settings when someone saved them after the form was loaded', async () => {
    const latest: ShopSettings = { ...fresh, currency: 'EUR', pickup: { ...branch }, version: 4 };
    let current = fresh;
    server.use(
      ...settingsHandlers(
        () => current,
        [],
        () => HttpResponse.json({ success: false, message: 'This changed since you opened it: reload to see the latest', data: { settings: latest } }, { status: 409 }),
      ),
    );
    renderRoutes(routes, '/admin/settings');
    fireEvent.change(await screen.findByLabelText('The shop’s currency'), { target: { value: 'GBP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    current = latest;
    fireEvent.click(await screen.findByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(screen.getByLabelText('The shop’s currency')).toHaveValue('EUR'));
    expect(screen.getByLabelText('Name')).toHaveValue('Main branch');
    // The side navigation leads here.
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });
});
