import type { Config } from '../config.ts';
import { generateNetwork, type NetworkFile } from '../modules/flights/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

const flights: DataKind<NetworkFile> = {
  noun: 'flights',
  async load(app, file, progress) {
    const r = await app.flights.importNetwork(file, progress);
    const oversold =
      r.oversold.length > 0
        ? `; ${r.oversold.length} dated flights now hold more seats sold than their capacity`
        : '';
    const told = [
      r.changed_bookings.length > 0 ? `${r.changed_bookings.length} bookings now schedule_changed` : '',
      r.disrupted_bookings.length > 0 ? `${r.disrupted_bookings.length} bookings now disrupted` : '',
    ].filter(Boolean);
    return `${r.schedules} schedules and ${r.fares} fares${oversold}${told.length ? `; ${told.join(', ')}` : ''}`;
  },
  generate: generateNetwork,
  describe: (file) => `${file.schedules.length} schedules and ${file.fares.length} fares`,
};

/** `itinera flights import|generate`: load a schedule file, or make a demo network of a preset size. */
export const flightsCommand = (config: Config, args: string[]) => dataCommand(config, flights, args);
