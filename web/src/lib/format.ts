// Formatting in one place: money in both of the spec's readings, dates, truncation.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars with two decimals: product cards, detail, listing, wishlist. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
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
