// An order's or a quote's tax per rate (docs/DESIGN.md §10) as the storefront, the console
// and the mails (mail/templates.rs) show it: 'Includes VAT at 20%' after the total when
// prices include tax, 'VAT at 20%' before it when they are net.

export interface TaxAmount {
  taxClass: string;
  rate: number;
  net: number;
  tax: number;
}

/** A rate as people read it: '20%', '17.5%', '8.25%'. */
export function rateText(rate: number): string {
  return `${Number(rate.toFixed(2))}%`;
}

export interface TaxRow {
  label: string;
  value: string;
}

/** One row per rate, labelled with the shop's tax label; none without a breakdown. */
export function taxRows(taxes: TaxAmount[] | undefined, pricesIncludeTax: boolean, label: string, format: (amount: number) => string): TaxRow[] {
  const word = pricesIncludeTax ? 'Includes ' : '';
  return (taxes ?? []).map((entry) => ({ label: `${word}${label} at ${rateText(entry.rate)}`, value: format(entry.tax) }));
}
