// How quick order and buy again tell what became of each line.
import type { LineAnswer } from './api/types';

/** A line's status in words. A line short by all of it (sold out, the cart full) added
 * nothing, so it does not read 'Partly added'. */
export function statusWord({ status, quantity }: Pick<LineAnswer, 'status' | 'quantity'>): string {
  switch (status) {
    case 'added':
      return 'Added';
    case 'short':
      return quantity > 0 ? 'Partly added' : 'Not added';
    case 'unknown':
      return 'Not found';
    case 'invalid':
      return 'Not valid';
    default:
      return status;
  }
}

/** '4 of 5 lines added', with those partly added told apart: '3 of 5 lines added, 1 partly'. */
export function answerSummary(lines: Pick<LineAnswer, 'status' | 'quantity'>[]): string {
  const added = lines.filter((line) => line.status === 'added').length;
  const partly = lines.filter((line) => line.status === 'short' && line.quantity > 0).length;
  const total = `${added} of ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} added`;
  return partly > 0 ? `${total}, ${partly} partly` : total;
}
