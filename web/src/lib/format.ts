// Formatting in one place: money in both of the spec's readings (or the shop's one
// currency, docs/DESIGN.md §15), dates, truncation.

/** The shop's currency (ISO 4217), or null for the spec's two readings. The server
 * writes it into the page (`<meta name="shop-currency">`) so the first paint has it. */
let shopCurrency: string | null = readShopCurrency();
let currencyFormat: Intl.NumberFormat | null = null;

function readShopCurrency(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[name="shop-currency"]')?.getAttribute('content') || null;
}

/** Sets the shop's currency (the console after saving the settings; tests). */
export function setShopCurrency(code: string | null): void {
  shopCurrency = code;
  currencyFormat = null;
}

export function getShopCurrency(): string | null {
  return shopCurrency;
}

/** An amount in the shop's own currency, as Intl writes it in en-US ('£1,234.50'): the
 * same text the server's formatter gives (`src/lib/currency-examples.json`). */
function formatShopCurrency(amount: number, code: string): string {
  currencyFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  return currencyFormat.format(amount);
}

/** The symbol before an amount in `reading`, for labels such as 'Amount off (₹)'. */
export function currencySymbol(reading: 'dollars' | 'rupees'): string {
  if (shopCurrency) {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: shopCurrency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? shopCurrency;
  }
  return reading === 'dollars' ? '$' : '₹';
}

/** US dollars with two decimals and thousands separators, as en-US writes them
 * ('$1,234.50', '-$3.00'): product cards, detail, listing, wishlist; the shop's
 * currency instead when it names one. By hand rather than
 * with Intl.NumberFormat, whose first use loads the browser's locale data: about 40 ms of
 * main thread on the first paint of every page with a price (150 ms on a phone). */
export function formatUsd(amount: number): string {
  if (shopCurrency) return formatShopCurrency(amount, shopCurrency);
  // Rounded half up from the number as written ('1.005' to 1.01, '12.924999999999999' to
  // 12.92), as Intl does: from its digits, not from amount * 100, which is 100.49999… for 1.005.
  const written = String(Math.abs(amount));
  let cents: number;
  if (/e/.test(written)) {
    cents = Math.round(Math.abs(amount) * 100);
  } else {
    const [units, decimals = ''] = written.split('.');
    const digits = decimals.padEnd(3, '0');
    cents = Number(units) * 100 + Number(digits.slice(0, 2)) + (digits[2] >= '5' ? 1 : 0);
  }
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The cart's reading: the rupee symbol with two decimals (docs/DESIGN.md §5); the shop's
 * currency instead when it names one. */
export function formatRupee(amount: number): string {
  if (shopCurrency) return formatShopCurrency(amount, shopCurrency);
  return `₹${amount.toFixed(2)}`;
}

/** 'Mar 01, 2023': English (US) short month, two-digit day, full year. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
}

/** 'Mar 01, 2023, 10:24 UTC': the date as formatDate gives it, then the 24-hour time, in
 * UTC like the date (the same moment reads the same on every screen and in every test). */
export function formatDateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${formatDate(iso)}, ${time} UTC`;
}

/** The shop's locale: the language its documents declare (`<html lang>` of index.html and
 * admin.html, 'en'), or 'en' where none is declared. There is no locale setting: a shop
 * that declares another language gets its console dates in it. */
export function shopLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

const consoleFormats = new Map<string, Intl.DateTimeFormat>();

/** The console's one date formatter: Intl in the shop's locale, in UTC like the server's
 * days (the orders export, the dashboard's today), made once per locale and kind. */
function consoleFormat(withTime: boolean): Intl.DateTimeFormat {
  const locale = shopLocale();
  const key = `${locale} ${withTime}`;
  let format = consoleFormats.get(key);
  if (!format) {
    const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: '2-digit', timeZone: 'UTC' };
    format = new Intl.DateTimeFormat(locale, withTime ? { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : day);
    consoleFormats.set(key, format);
  }
  return format;
}

/** A day in the console, in the shop's locale: 'Mar 01, 2026' in English, '01 Mar 2026'
 * in British English. */
export const formatConsoleDate = (iso: string) => consoleFormat(false).format(new Date(iso));

/** A moment in the console, in the shop's locale, in UTC and saying so: 'Mar 01, 2026,
 * 09:05 UTC' in English, '01 Mar 2026, 09:05 UTC' in British English. */
export const formatConsoleDateTime = (iso: string) => consoleFormat(true).format(new Date(iso));

/** Product names on cards are cut at 45 characters with an ellipsis. */
export const CARD_NAME_LIMIT = 45;

export function truncate(text: string, limit: number = CARD_NAME_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
