import { fold } from './text.ts';

/**
 * People's full names, folded (case and accents ignored), each once, between bars: `|ada lovelace|…|`.
 * Stored with a booking, a contains-search by name is one LIKE on one column, on both engines.
 */
export function foldedNames(people: ReadonlyArray<{ given_name: string; family_name: string }>): string {
  return `|${[...new Set(people.map((p) => fold(`${p.given_name} ${p.family_name}`)))].join('|')}|`;
}

/** A LIKE pattern for folded text anywhere in a names column (wildcards dropped: names never hold them). */
export function namesContaining(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, '')}%`;
}
