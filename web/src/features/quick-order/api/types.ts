// Quick order's and buy again's answer (docs/DESIGN.md §11). The generated schema names
// `status` "a string"; it is narrowed here to the four the server answers.
import type { QuickOrderLineAnswer as ApiLineAnswer } from '@/api/types';

/** `added` (all of it), `short` (less could be: `quantity` says how many, 0 when none),
 * `unknown` (no such SKU in the shop) or `invalid` (a quantity the product is not sold
 * in; nothing added). */
export type LineStatus = 'added' | 'short' | 'unknown' | 'invalid';

/** What became of one line: units added, and why not all when not. */
export type LineAnswer = Omit<ApiLineAnswer, 'status'> & { status: LineStatus };

export interface BulkAnswer {
  lines: LineAnswer[];
}
