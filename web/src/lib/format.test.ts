import examples from './currency-examples.json';
import { currencySymbol, formatConsoleDate, formatConsoleDateTime, formatDate, formatDateTime, formatRupee, formatUsd, getShopCurrency, setShopCurrency, shopLocale, truncate } from './format';

describe('format', () => {
  it('shows US dollars with two decimals', () => {
    expect(formatUsd(12)).toBe('$12.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('writes dollars as en-US does, without asking Intl', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of [0, 0.5, 0.005, 0.015, 1.005, 9.995, 999.999, 1000, 12345.675, 1234567.89, 1e9 + 0.1, -0.004, -3, -1234.5, 19.99, 0.1 + 0.2, 4.35, 1.45, 8.345, 12.924999999999999, 31660.684999999998]) {
      expect(formatUsd(amount)).toBe(intl.format(amount));
    }
  });

  it('shows the cart reading with the rupee symbol', () => {
    expect(formatRupee(100)).toBe('₹100.00');
    expect(formatRupee(19.9)).toBe('₹19.90');
  });

  it('writes every shared example as the server does, with and without a shop currency', () => {
    try {
      for (const e of examples) {
        setShopCurrency(e.currency);
        const format = e.reading === 'dollars' ? formatUsd : formatRupee;
        expect(format(e.cents / 100), `${e.currency} ${e.reading} ${e.cents}`).toBe(e.text);
      }
    } finally {
      setShopCurrency(null);
    }
  });

  it('reads the shop currency the server wrote into the page, and names its symbol', async () => {
    const meta = document.createElement('meta');
    meta.name = 'shop-currency';
    meta.content = 'GBP';
    document.head.append(meta);
    try {
      vi.resetModules();
      const fresh = await import('./format');
      expect(fresh.getShopCurrency()).toBe('GBP');
      expect(fresh.formatUsd(1234.5)).toBe('£1,234.50');
      expect(fresh.formatRupee(3)).toBe('£3.00');
      expect(fresh.currencySymbol('rupees')).toBe('£');
    } finally {
      meta.remove();
    }
    expect(getShopCurrency()).toBeNull();
    expect(currencySymbol('dollars')).toBe('$');
    expect(currencySymbol('rupees')).toBe('₹');
  });

  it('formats dates as the spec shows them', () => {
    expect(formatDate('2023-03-01T00:00:00.000Z')).toBe('Mar 01, 2023');
  });

  it('adds the 24-hour time in UTC for a moment, such as a transaction', () => {
    expect(formatDateTime('2026-03-01T09:05:00Z')).toBe('Mar 01, 2026, 09:05 UTC');
    expect(formatDateTime('2026-03-01T23:59:59.900Z')).toBe('Mar 01, 2026, 23:59 UTC');
    expect(formatDateTime('2026-03-02T00:00:00Z')).toBe('Mar 02, 2026, 00:00 UTC');
  });

  describe('console dates, in the shop’s locale', () => {
    afterEach(() => document.documentElement.removeAttribute('lang'));

    it('reads the locale the document declares, English when it declares none', () => {
      expect(shopLocale()).toBe('en');
      document.documentElement.lang = 'en-GB';
      expect(shopLocale()).toBe('en-GB');
    });

    it('writes days and moments as the locale does, in UTC and saying so', () => {
      document.documentElement.lang = 'en';
      expect(formatConsoleDate('2026-03-01')).toBe('Mar 01, 2026');
      expect(formatConsoleDateTime('2026-03-01T23:59:59.900Z')).toBe('Mar 01, 2026, 23:59 UTC');
      document.documentElement.lang = 'en-GB';
      expect(formatConsoleDate('2026-03-01')).toBe('01 Mar 2026');
      expect(formatConsoleDateTime('2026-03-02T00:00:00Z')).toBe('02 Mar 2026, 00:00 UTC');
      document.documentElement.lang = 'de';
      expect(formatConsoleDateTime('2026-03-01T09:05:00Z')).toBe('01. März 2026, 09:05 UTC');
    });
  });

  it('cuts names longer than 45 characters and adds an ellipsis', () => {
    const long = 'Aquaflow Brushed Nickel Pull-Out Spray Kitchen Mixer Tap';
    expect(truncate(long)).toBe(`${long.slice(0, 45)}...`);
    expect(truncate('x'.repeat(45))).toBe('x'.repeat(45));
  });
});
