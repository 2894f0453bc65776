import type { Config } from '../config.ts';
import { examplePricingFile, type PricingFile } from '../modules/pricing/index.ts';
import { type DataKind, dataCommand } from './data-commands.ts';

const pricing: DataKind<PricingFile> = {
  noun: 'pricing',
  async load(app, file) {
    const r = await app.pricing.service.importFile(file);
    return `${r.created + r.updated} pricing rules (${r.created} new, ${r.updated} replaced by name)`;
  },
  // An example rule set to edit and import (the preset and start do not change it).
  generate: () => examplePricingFile(),
  describe: (file) => `${file.rules.length} pricing rules`,
};

/** `itinera pricing import FILE` (rules created, or replaced by name) and `itinera pricing generate`. */
export const pricingCommand = (config: Config, args: string[]) => dataCommand(config, pricing, args);
