import { describe, expect, it } from 'vitest';
import { readSynonyms, synonymErrors, writeSynonyms } from './synonyms-text';

describe('search synonyms as text', () => {
  it('reads a group a line, terms by commas, skipping empty lines', () => {
    expect(readSynonyms(' TRV , thermostatic radiator valve\n\n  \nPTFE,thread seal tape,,\n')).toEqual([
      { terms: ['TRV', 'thermostatic radiator valve'], line: 1 },
      { terms: ['PTFE', 'thread seal tape', '', ''], line: 4 },
    ]);
    expect(readSynonyms('')).toEqual([]);
  });

  it('writes the saved groups back a line each', () => {
    const text = writeSynonyms([{ terms: ['TRV', 'thermostatic radiator valve'] }, { terms: ['isolator', 'isolating valve'] }]);
    expect(text).toBe('TRV, thermostatic radiator valve\nisolator, isolating valve');
    expect(readSynonyms(text).map((g) => g.terms)).toEqual([
      ['TRV', 'thermostatic radiator valve'],
      ['isolator', 'isolating valve'],
    ]);
  });

  it("names each refusal by the line it is on, in the text's order", () => {
    const groups = readSynonyms('a, b\n\nalone\nok, , ok');
    expect(
      synonymErrors(
        {
          'synonyms[2].terms[2]': 'This term is already in the group',
          'synonyms[1].terms': 'A group has 2 to 10 terms',
          'synonyms[2].terms[1]': 'A term has 1 to 100 characters',
          synonyms: 'At most 500 groups',
        },
        groups,
      ),
    ).toEqual([
      'At most 500 groups',
      'Line 3: A group has 2 to 10 terms',
      'Line 4, term 2: A term has 1 to 100 characters',
      'Line 4, term 3: This term is already in the group',
    ]);
  });
});
