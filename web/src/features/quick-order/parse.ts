// Quick order's text (docs/DESIGN.md §11): a line per product, 'SKU quantity', the two
// separated by spaces, commas or tabs, as a spreadsheet copies two columns. The server
// judges each line (an unknown SKU, a quantity the product is not sold in); what is read
// here only makes the text into lines, and refuses what cannot be sent at all.

/** Most lines one call may send (the server refuses more, adding nothing). */
export const MAX_LINES = 200;
export const TOO_MANY_LINES = 'At most 200 lines';

/** One line as sent: the SKU as typed (the server ignores case), and how many. */
export interface QuickOrderLine {
  sku: string;
  quantity: number;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  /** Why the text cannot be sent as it is, each naming its line; empty when it can. */
  problems: string[];
}

const SEPARATORS = /[\s,]+/;
/** A number as written in a cell: '3', '1.5', '-2', '.5'; not '1e3', '0x10' or 'Infinity'. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The lines of `text`, one per row with something on it (rows counted from 1, blank ones
 * too, so a problem names the row the shopper sees). A row without a quantity is for 1.
 * A quantity that is a number but not a whole one of at least 1 is sent as it is: the
 * server answers that line 'invalid' and still adds the others. */
export function parseQuickOrder(text: string): ParsedQuickOrder {
  const lines: QuickOrderLine[] = [];
  const problems: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((row, index) => {
    const parts = row.split(SEPARATORS).filter((part) => part !== '');
    if (parts.length === 0) return;
    const at = `Line ${index + 1}`;
    if (parts.length > 2) {
      problems.push(`${at}: write a SKU and a quantity`);
      return;
    }
    const [sku, quantity = '1'] = parts;
    if (!NUMBER.test(quantity)) {
      problems.push(`${at}: the quantity must be a number`);
      return;
    }
    lines.push({ sku, quantity: Number(quantity) });
  });
  const rows = lines.length + problems.length;
  if (rows > MAX_LINES) problems.unshift(TOO_MANY_LINES);
  return { lines, problems };
}

/** `text` with `line` added as its last row. */
export function appendLine(text: string, { sku, quantity }: QuickOrderLine): string {
  const row = `${sku} ${quantity}`;
  return text === '' || /[\r\n]$/.test(text) ? `${text}${row}` : `${text}\n${row}`;
}
