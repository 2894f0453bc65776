/** A problem on one line of a text file (SSIM, CSV), from 1. */
export interface LineProblem {
  line: number;
  detail: string;
}

/** One problem found in an import file (flights or hotels), at a JSON pointer into the file. */
export interface ImportProblem {
  pointer: string;
  detail: string;
}

/**
 * A problem for each record whose key an earlier record of the same list already has: two records for
 * one thing in one file would leave which one is kept to chance. `keyOf` answers undefined for a record
 * too malformed to have a key (its own problems are reported elsewhere).
 */
export function repeatedRecords<T>(
  items: readonly T[],
  pointer: string,
  fields: string,
  keyOf: (item: T) => string | undefined,
): ImportProblem[] {
  const first = new Map<string, number>();
  const problems: ImportProblem[] = [];
  items.forEach((item, i) => {
    const key = item && typeof item === 'object' ? keyOf(item) : undefined;
    if (key === undefined) return;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else
      problems.push({ pointer: `${pointer}/${i}`, detail: `repeats ${pointer}/${earlier} (same ${fields})` });
  });
  return problems;
}
