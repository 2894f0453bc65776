import { AppError } from '../../../http/app-error.ts';
import { localToInstant, offsetMinutes } from '../../../shared/calendar.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { ImportResult, NetworkImporter } from './network-import.ts';
import { validateNetwork } from './network-validation.ts';
import { type LineProblem, parseSsim } from './ssim.ts';

/** A 400 listing an import file's problems by line (at most 100), the first in the detail. */
export function lineProblems(what: string, problems: readonly LineProblem[]): AppError {
  const first = problems[0]!;
  return new AppError(
    'VALIDATION_FAILED',
    `${what} has ${problems.length} problem(s); the first: line ${first.line}: ${first.detail}`,
    {
      errors: problems
        .slice(0, 100)
        .map((p) => ({ location: 'body', pointer: '', line: p.line, detail: p.detail })),
    },
  );
}

/**
 * Imports an SSIM chapter 7 file through the same import as the JSON format, all of it or nothing: every
 * problem of the file is reported with its line (the format's own, and those the import finds, such as an
 * airport or airline the catalogue does not have), and a file with any problem imports nothing.
 */
export function createSsimImport(deps: { importNetwork: NetworkImporter; catalogue: Catalogue }) {
  const offsetAt = (iata: string, date: string) => {
    const zone = deps.catalogue.airportByCode.get(iata)?.time_zone;
    return zone ? offsetMinutes(localToInstant(date, '12:00', zone).getTime(), zone) : undefined;
  };
  return async function importSsim(
    text: string,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult & { skipped: number }> {
    const parsed = parseSsim(text, offsetAt);
    const problems = [...parsed.problems];
    for (const p of validateNetwork(parsed.file, deps.catalogue)) {
      const at = /^\/schedules\/(\d+)(\/.*)?$/.exec(p.pointer);
      const line = at ? parsed.lines[Number(at[1])]! : 1;
      problems.push({ line, detail: `${at?.[2]?.slice(1) ?? p.pointer} ${p.detail}` });
    }
    if (parsed.file.schedules.length === 0 && problems.length === 0)
      problems.push({ line: 1, detail: 'the file holds no passenger flight leg (record type 3)' });
    if (problems.length > 0)
      throw lineProblems(
        'The SSIM file',
        problems.sort((a, b) => a.line - b.line),
      );
    return { ...(await deps.importNetwork(parsed.file, onProgress)), skipped: parsed.skipped };
  };
}

export type SsimImport = ReturnType<typeof createSsimImport>;
