// The search synonyms as the console edits them: one group a line, its terms separated
// by commas ('TRV, thermostatic radiator valve'). The server keys its refusals by the
// group's and term's place (`synonyms[3].terms[1]`); they are told here by line.

import type { SynonymGroup } from '@/api/types';

/** A group of the text and the line it is on (1 = the first). */
export interface ReadGroup {
  terms: string[];
  line: number;
}

/** The groups of `text`: each line with something on it, its terms trimmed. Empty
 * terms ('a,,b') stay, so the server names them. */
export function readSynonyms(text: string): ReadGroup[] {
  return text
    .split('\n')
    .map((raw, i) => ({ raw: raw.trim(), line: i + 1 }))
    .filter(({ raw }) => raw !== '')
    .map(({ raw, line }) => ({ terms: raw.split(',').map((term) => term.trim()), line }));
}

/** The saved groups as text, a line each. */
export function writeSynonyms(groups: SynonymGroup[]): string {
  return groups.map((group) => group.terms.join(', ')).join('\n');
}

/** The server's refusals of a save of `groups`, each as a sentence naming the line (and
 * the term) it is about, in the order of the text. */
export function synonymErrors(errors: Record<string, string>, groups: ReadGroup[]): string[] {
  const told: { order: number; text: string }[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const at = /^synonyms\[(\d+)\](?:\.terms(?:\[(\d+)\])?)?$/.exec(path);
    const group = at ? groups[Number(at[1])] : undefined;
    if (!at || !group) {
      told.push({ order: -1, text: message });
      continue;
    }
    const term = at[2] === undefined ? undefined : Number(at[2]);
    const where = term === undefined ? `Line ${group.line}` : `Line ${group.line}, term ${term + 1}`;
    told.push({ order: group.line * 100 + (term ?? -1), text: `${where}: ${message}` });
  }
  return told.sort((a, b) => a.order - b.order).map((t) => t.text);
}
