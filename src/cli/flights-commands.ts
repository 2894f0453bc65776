import type { Config } from '../config.ts';
import { generateNetwork, type NetworkFile } from '../modules/flights/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

/** A schedule file in the JSON import format, or the text of an IATA SSIM file. */
type FlightsFile = NetworkFile | { ssim: string };

/** SSIM files start with a header record: type 1, then the title, in 200-character lines. */
const isSsim = (text: string) => /^1[^\n]{199}\r?\n/.test(text);

const flights: DataKind<FlightsFile> = {
  noun: 'flights',
  parseText: (text) => (isSsim(text) ? { ssim: text } : undefined),
  async load(app, file, progress) {
    const r =
      'ssim' in file
        ? await app.flights.importSsim(file.ssim, progress)
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
  generate: generateNetwork,
  describe: (file) =>
    'ssim' in file ? 'an SSIM file' : `${file.schedules.length} schedules and ${file.fares.length} fares`,
};

/** `itinera flights import|generate`: load a schedule file (JSON or SSIM), or make a demo network of a preset size. */
export const flightsCommand = (config: Config, args: string[]) => dataCommand(config, flights, args);
