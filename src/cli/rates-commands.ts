import type { Config } from '../config.ts';
import type { RateFile } from '../modules/exchange-rates/index.ts';
import { REFERENCE_RATES } from '../modules/money/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

const rates: DataKind<RateFile> = {
  noun: 'rates',
  async load(app, file) {
    const r = await app.rates.importRates(file);
    return `${r.currencies} exchange rates for ${r.as_of}; in force: ${r.in_force.source} rates of ${r.in_force.as_of}`;
  },
  // The reference table Itinera ships, as a file to edit or import (the preset and start do not change it).
  generate: () => ({
    as_of: REFERENCE_RATES.asOf,
    base: 'EUR',
    rates: Object.fromEntries(REFERENCE_RATES.perEuro),
  }),
  describe: (file) => `${Object.keys(file.rates).length} exchange rates for ${file.as_of}`,
};

/** `itinera rates import FILE` (units of each currency per euro, for a date) and `itinera rates generate`. */
export const ratesCommand = (config: Config, args: string[]) => dataCommand(config, rates, args);
