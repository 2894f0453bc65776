import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/** Lints a file of this content placed in `folder` for the moment of the check: its problems, or ''. */
function lintAt(folder: string, content: string, suffix = '.ts'): string {
  const file = path.join(root, folder, `zz-layering-${randomBytes(4).toString('hex')}${suffix}`);
  writeFileSync(file, content);
  try {
    const result = spawnSync(biome, ['lint', '--max-diagnostics=5', file], { cwd: root, encoding: 'utf8' });
    return result.status === 0 ? '' : `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(file, { force: true });
  }
}

const importing = (from: string, name: string) =>
  `import { ${name} } from '${from}';\n\nexport const x = ${name};\n`;

describe('the floors inside a product (decision 0005)', () => {
  it('refuses an import that runs up a floor', () => {
    const flights = lintAt(
      'src/modules/flights/inventory',
      importing('../booking/flight-booking-service.ts', 'createFlightBookingService'),
    );
    assert.match(flights, /flights\/inventory sits below .*booking/);
    const hotels = lintAt(
      'src/modules/hotels/search',
      importing('../booking/hotel-booking-service.ts', 'createHotelBookingService'),
    );
    assert.match(hotels, /hotels\/search sits below .*booking/);
  });

  it('lets an import run down, and a test reach any floor', () => {
    assert.equal(
      lintAt('src/modules/flights/booking', importing('../inventory/seat-layout.ts', 'seatsOf')),
      '',
    );
    assert.equal(
      lintAt(
        'src/modules/flights/inventory',
        importing('../demo/seat-layouts.ts', 'DEMO_SEAT_LAYOUTS'),
        '.test.ts',
      ),
      '',
    );
  });
});
