import type { Config } from '../config.ts';
import { generateHotels, type HotelFile } from '../modules/hotels/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

const hotels: DataKind<HotelFile> = {
  noun: 'hotels',
  async load(app, file, progress) {
    const r = await app.hotels.importHotels(file, progress);
    return `${r.hotels} hotels, ${r.room_types} room types, ${r.rate_plans} rate plans, ${r.allotment_nights} allotment nights`;
  },
  generate: generateHotels,
  describe: (file) => `${file.hotels.length} hotels`,
};

/** `itinera hotels import|generate`: load hotel content and rates, or make a demo set of a preset size. */
export const hotelsCommand = (config: Config, args: string[]) => dataCommand(config, hotels, args);
