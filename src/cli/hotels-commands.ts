import type { Config } from '../config.ts';
import { generateHotels, type HotelFile, hotelTableOf } from '../modules/hotels/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

/** A file in the JSON import format, or the text of one of the hotel CSV tables. */
type HotelsFile = HotelFile | { csv: string };

const hotels: DataKind<HotelsFile> = {
  noun: 'hotels',
  parseText: (text) => (hotelTableOf(text) ? { csv: text } : undefined),
  async load(app, file, progress) {
    const r =
      'csv' in file
        ? await app.hotels.importHotelTable(file.csv)
        : await app.hotels.importHotels(file, progress);
    return `${r.hotels} hotels, ${r.room_types} room types, ${r.rate_plans} rate plans, ${r.allotment_nights} allotment nights`;
  },
  generate: (catalogue, preset, start) => generateHotels(catalogue(), preset, start),
  describe: (file) => ('csv' in file ? 'a hotel CSV table' : `${file.hotels.length} hotels`),
};

/** `itinera hotels import|generate`: load hotel content and rates, or make a demo set of a preset size. */
export const hotelsCommand = (config: Config, args: string[]) => dataCommand(config, hotels, args);
