import { invalidLines } from '../../../http/app-error.ts';
import { localToInstant, offsetMinutes } from '../../../shared/calendar.ts';
import type { LineProblem } from '../../../shared/import-problems.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { parseFaresCsv } from './fare-csv.ts';
import type { NetworkFile } from './network-file.ts';
import type { NetworkImporter } from './network-import.ts';
import { validateNetworkInTurns } from './network-validation.ts';
import { parseSsim } from './ssim.ts';

/**
 * Imports of the industry's text formats (an SSIM schedule file, a CSV of fares) through the same import
 * as the JSON format, all of it or nothing: every problem is reported with its line, the format's own and
 * those the import finds (an airport or airline the catalogue does not have), and a file with any problem
 * imports nothing.
 */
export function createTextImports(deps: { importNetwork: NetworkImporter; catalogue: Catalogue }) {
  const offsetAt = (iata: string, date: string) => {
    const zone = deps.catalogue.airportByCode.get(iata)?.time_zone;
    return zone ? offsetMinutes(localToInstant(date, '12:00', zone).getTime(), zone) : undefined;
  };

  /** The import's own problems with a record, on the line the record came from (checked in turns). */
  async function onLines(
    file: NetworkFile,
    list: 'schedules' | 'fares',
    lines: readonly number[],
  ): Promise<LineProblem[]> {
    return (await validateNetworkInTurns(file, deps.catalogue)).map((p) => {
      const at = new RegExp(`^/${list}/(\\d+)(?:/(.*))?$`).exec(p.pointer);
      return { line: at ? lines[Number(at[1])]! : 1, detail: `${at?.[2] ?? p.pointer} ${p.detail}` };
    });
  }

  function refuse(what: string, problems: LineProblem[]): never {
    throw invalidLines(
      what,
      problems.sort((a, b) => a.line - b.line),
    );
  }

  return {
    /** An IATA SSIM chapter 7 file: its passenger legs as schedules (SSIM carries no fares). */
    async importSsim(text: string, onProgress?: (done: number, total: number) => void) {
      const parsed = parseSsim(text, offsetAt);
      const problems = [...parsed.problems, ...(await onLines(parsed.file, 'schedules', parsed.lines))];
      if (parsed.file.schedules.length === 0 && problems.length === 0)
        problems.push({ line: 1, detail: 'the file holds no passenger flight leg (record type 3)' });
      if (problems.length > 0) refuse('The SSIM file', problems);
      return { ...(await deps.importNetwork(parsed.file, onProgress)), skipped: parsed.skipped };
    },

    /** A CSV file of fares, one a row. */
    async importFaresCsv(text: string, onProgress?: (done: number, total: number) => void) {
      const parsed = parseFaresCsv(text);
      const file = { schedules: [], fares: parsed.fares };
      const problems = [...parsed.problems, ...(await onLines(file, 'fares', parsed.lines))];
      if (problems.length > 0) refuse('The fares file', problems);
      return deps.importNetwork(file, onProgress);
    },
  };
}

export type TextImports = ReturnType<typeof createTextImports>;
