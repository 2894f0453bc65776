import type { Config } from '../config.ts';
import { generateNetwork, isFaresCsv, type NetworkFile } from '../modules/flights/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

/** A schedule file in the JSON import format, the text of an IATA SSIM file, or a CSV of fares. */
type FlightsFile = NetworkFile | { ssim: string } | { faresCsv: string };

/** SSIM files start with a header record: type 1, then the title, in 200-character lines. */
const isSsim = (text: string) => /^1[^\n]{199}\r?\n/.test(text);

const flights: DataKind<FlightsFile> = {
  noun: 'flights',
  parseText: (text) => (isSsim(text) ? { ssim: text } : isFaresCsv(text) ? { faresCsv: text } : undefined),
  async load(app, file, progress) {
    const r =
      'ssim' in file
        ? await app.flights.importSsim(file.ssim, progress)
        : 'faresCsv' in file
          ? { ...(await app.flights.importFaresCsv(file.faresCsv, progress)), skipped: 0 }
          : { ...(await app.flights.importNetwork(file, progress)), skipped: 0 };
    const oversold =
      r.oversold.length > 0
        ? `; ${r.oversold.length} dated flights now hold more seats sold than their capacity`
        : '';
    const told = [
      r.skipped > 0 ? `${r.skipped} cargo legs skipped` : '',
      r.changed_bookings.length > 0 ? `${r.changed_bookings.length} bookings now schedule_changed` : '',
      r.disrupted_bookings.length > 0 ? `${r.disrupted_bookings.length} bookings now disrupted` : '',
    ].filter(Boolean);
    return `${r.schedules} schedules and ${r.fares} fares${oversold}${told.length ? `; ${told.join(', ')}` : ''}`;
  },
  generate: (catalogue, preset, start) => generateNetwork(catalogue(), preset, start),
  describe: (file) =>
    'ssim' in file
      ? 'an SSIM file'
      : 'faresCsv' in file
        ? 'a fares CSV file'
        : `${file.schedules.length} schedules and ${file.fares.length} fares`,
};

/** `itinera flights import|generate`: load a schedule file (JSON or SSIM), or make a demo network of a preset size. */
export const flightsCommand = (config: Config, args: string[]) => dataCommand(config, flights, args);
