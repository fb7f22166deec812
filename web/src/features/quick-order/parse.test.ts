import { describe, expect, it } from 'vitest';
import { appendLine, parseQuickOrder } from './parse';

/** `count` rows of 'SKU-n 1'. */
const rows = (count: number) => Array.from({ length: count }, (_, i) => `SKU-${i + 1} 1`).join('\n');

describe('parseQuickOrder', () => {
  it('reads a SKU and a quantity a line, separated by spaces', () => {
    expect(parseQuickOrder('CF-22 10\nPTFE   3')).toEqual({
      lines: [
        { sku: 'CF-22', quantity: 10 },
        { sku: 'PTFE', quantity: 3 },
      ],
      problems: [],
    });
  });

  it('reads two columns pasted from a spreadsheet: tabs, and rows ending in CRLF', () => {
    expect(parseQuickOrder('CF-22\t10\r\nPTFE\t3\r\n')).toEqual({
      lines: [
        { sku: 'CF-22', quantity: 10 },
        { sku: 'PTFE', quantity: 3 },
      ],
      problems: [],
    });
  });

  it('reads commas, with or without spaces beside them, and an empty cell between', () => {
    expect(parseQuickOrder('CF-22,10\nPTFE, 3\nTRV-15 ,,2\nELB-1,')).toEqual({
      lines: [
        { sku: 'CF-22', quantity: 10 },
        { sku: 'PTFE', quantity: 3 },
        { sku: 'TRV-15', quantity: 2 },
        { sku: 'ELB-1', quantity: 1 },
      ],
      problems: [],
    });
  });

  it('takes a line without a quantity as 1', () => {
    expect(parseQuickOrder('CF-22\n  PTFE  ').lines).toEqual([
      { sku: 'CF-22', quantity: 1 },
      { sku: 'PTFE', quantity: 1 },
    ]);
  });

  it('ignores blank rows, and rows of only spaces, tabs or commas', () => {
    expect(parseQuickOrder('\n\nCF-22 2\n   \n\t\n,,\nPTFE 1\n\n')).toEqual({
      lines: [
        { sku: 'CF-22', quantity: 2 },
        { sku: 'PTFE', quantity: 1 },
      ],
      problems: [],
    });
    expect(parseQuickOrder('')).toEqual({ lines: [], problems: [] });
    expect(parseQuickOrder(' \r\n \n')).toEqual({ lines: [], problems: [] });
  });

  it('keeps the SKU as typed and the lines in their order, a SKU named twice twice (the server sums them)', () => {
    expect(parseQuickOrder('cf-22 2\nCF-22 3').lines).toEqual([
      { sku: 'cf-22', quantity: 2 },
      { sku: 'CF-22', quantity: 3 },
    ]);
  });

  it('sends a quantity that is a number but not a whole one of at least 1: the server answers it invalid', () => {
    expect(parseQuickOrder('A 0\nB 1.5\nC -2\nD .5\nE +4')).toEqual({
      lines: [
        { sku: 'A', quantity: 0 },
        { sku: 'B', quantity: 1.5 },
        { sku: 'C', quantity: -2 },
        { sku: 'D', quantity: 0.5 },
        { sku: 'E', quantity: 4 },
      ],
      problems: [],
    });
  });

  it('names the row of a line with more than two parts, counting blank rows as the textarea shows them', () => {
    expect(parseQuickOrder('CF-22 1\n\nBrass valve 15mm 2\nPTFE 3')).toEqual({
      lines: [
        { sku: 'CF-22', quantity: 1 },
        { sku: 'PTFE', quantity: 3 },
      ],
      problems: ['Line 3: write a SKU and a quantity'],
    });
    expect(parseQuickOrder('A\t1\t2\r\nB 1,2').problems).toEqual(['Line 1: write a SKU and a quantity', 'Line 2: write a SKU and a quantity']);
  });

  it('names the row of a quantity that is no number', () => {
    expect(parseQuickOrder('SKU Quantity\nCF-22 2\nPTFE ten\nX 1e3\nY Infinity').problems).toEqual([
      'Line 1: the quantity must be a number',
      'Line 3: the quantity must be a number',
      'Line 4: the quantity must be a number',
      'Line 5: the quantity must be a number',
    ]);
  });

  it('takes 200 lines, blank rows not counted', () => {
    const parsed = parseQuickOrder(`${rows(100)}\n\n\n${rows(100)}\n`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toHaveLength(200);
  });

  it('refuses 201 lines', () => {
    const parsed = parseQuickOrder(rows(201));
    expect(parsed.problems).toEqual(['At most 200 lines']);
    expect(parsed.lines).toHaveLength(201);
  });

  it('counts a row it cannot read among the 201, and names it too', () => {
    expect(parseQuickOrder(`${rows(200)}\na b c`).problems).toEqual(['At most 200 lines', 'Line 201: write a SKU and a quantity']);
  });
});

describe('appendLine', () => {
  it('adds a row at the end, on a line of its own', () => {
    expect(appendLine('', { sku: 'CF-22', quantity: 2 })).toBe('CF-22 2');
    expect(appendLine('PTFE 1', { sku: 'CF-22', quantity: 2 })).toBe('PTFE 1\nCF-22 2');
    expect(appendLine('PTFE 1\n', { sku: 'CF-22', quantity: 2 })).toBe('PTFE 1\nCF-22 2');
    expect(appendLine('PTFE 1\r\n', { sku: 'CF-22', quantity: 2 })).toBe('PTFE 1\r\nCF-22 2');
  });

  it('makes a row the parser reads back', () => {
    const text = appendLine(appendLine('', { sku: 'CF-22', quantity: 2 }), { sku: 'PTFE', quantity: 5 });
    expect(parseQuickOrder(text).lines).toEqual([
      { sku: 'CF-22', quantity: 2 },
      { sku: 'PTFE', quantity: 5 },
    ]);
  });
});
