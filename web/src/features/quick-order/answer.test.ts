import { describe, expect, it } from 'vitest';
import { answerSummary, statusWord } from './answer';

describe("a line's answer in words", () => {
  it('names each status', () => {
    expect(statusWord({ status: 'added', quantity: 2 })).toBe('Added');
    expect(statusWord({ status: 'short', quantity: 3 })).toBe('Partly added');
    expect(statusWord({ status: 'short', quantity: 0 })).toBe('Not added');
    expect(statusWord({ status: 'unknown', quantity: 0 })).toBe('Not found');
    expect(statusWord({ status: 'invalid', quantity: 0 })).toBe('Not valid');
  });

  it('counts the lines added in full, and those added in part', () => {
    const added = { status: 'added', quantity: 1 } as const;
    expect(answerSummary([added, added, added, added, { status: 'unknown', quantity: 0 }])).toBe('4 of 5 lines added');
    expect(answerSummary([added, { status: 'short', quantity: 2 }, { status: 'short', quantity: 0 }])).toBe('1 of 3 lines added, 1 partly');
    expect(answerSummary([added])).toBe('1 of 1 line added');
  });
});
