import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FLIGHT_EVENTS } from '../flights/index.ts';
import { HOTEL_EVENTS } from '../hotels/index.ts';
import { LEDGER_EVENTS } from '../ledger/index.ts';
import { TRIP_EVENTS } from '../trips/index.ts';
import { WEBHOOK_EVENTS } from '../webhooks/index.ts';
import { createEventCatalogue } from './event-catalogue.ts';

const catalogue = createEventCatalogue({
  ...FLIGHT_EVENTS,
  ...HOTEL_EVENTS,
  ...TRIP_EVENTS,
  ...LEDGER_EVENTS,
  ...WEBHOOK_EVENTS,
});

describe('event catalogue', () => {
  it('is what docs/events.md lists: every type once, admins-only where the definition says', () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/events.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Types'), doc.indexOf('## Reading the log'));
    const rows = [...table.matchAll(/^\| `([a-z_.]+)` \| (.*?) \|/gm)].map(([, type, when]) => ({
      type: type!,
      admins: when!.includes('(admins only)'),
    }));
    assert.deepEqual(rows.map((r) => r.type).sort(), [...catalogue.types].sort());
    for (const { type, admins } of rows)
      assert.equal(admins, catalogue.has(type) && catalogue.forAdmins(type), `${type} admins only`);
  });

  it('knows its types and no other', () => {
    assert.ok(catalogue.has('flight_booking.created'));
    assert.ok(!catalogue.has('flight_booking.teleported'));
    assert.ok(!catalogue.has('toString'), 'not a property every object has');
    assert.deepEqual((catalogue.envelope.properties.type as { enum?: string[] }).enum, catalogue.types);
  });
});
