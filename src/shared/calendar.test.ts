import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  addDays,
  daysBetween,
  isCalendarDate,
  isoWeekday,
  localDate,
  localToInstant,
  offsetMinutes,
  offsetThroughDay,
  toLocalIso,
} from './calendar.ts';

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset as Intl gives it, asked at that instant: what the kept answers must equal. */
function intlOffset(ms: number, timeZone: string): number {
  let format = intlFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    intlFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

describe('zone offsets kept per span of weeks', () => {
  const zones = [
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'America/Santiago',
  ];

  it('equal Intl at any instant, on the days clocks change and around them', () => {
    // 2026–2028, where every one of these zones changes its clocks at least once a year.
    const instants = fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2028, 11, 31) / 60_000 });
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (minute, zone) => {
        assert.equal(offsetMinutes(minute * 60_000, zone), intlOffset(minute * 60_000, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it('equal Intl in every zone the runtime knows, 1970 to 2060', () => {
    const every = Intl.supportedValuesOf('timeZone');
    const instants = fc.integer({ min: 0, max: Date.UTC(2060, 11, 31) / 60_000 });
    fc.assert(
      fc.property(instants, fc.constantFrom(...every), (minute, zone) => {
        assert.equal(offsetMinutes(minute * 60_000, zone), intlOffset(minute * 60_000, zone));
      }),
      { numRuns: 5000 },
    );
  });

  it('change on the very minute Intl changes, in one zone of every ten, through 2027', () => {
    const zones = Intl.supportedValuesOf('timeZone').filter((_, i) => i % 10 === 0);
    let changes = 0;
    for (const zone of zones) {
      // Intl asked every six hours; where two answers differ, the minute found by halving.
      let lo = Date.UTC(2027, 0, 1);
      for (let hi = lo + 6 * 3_600_000; hi <= Date.UTC(2028, 0, 1); lo = hi, hi += 6 * 3_600_000) {
        if (intlOffset(lo, zone) === intlOffset(hi, zone)) continue;
        let a = lo;
        let b = hi;
        while (b - a > 60_000) {
          const mid = a + Math.floor((b - a) / 120_000) * 60_000;
          if (intlOffset(mid, zone) === intlOffset(lo, zone)) a = mid;
          else b = mid;
        }
        assert.equal(offsetMinutes(b - 60_000, zone), intlOffset(lo, zone), `${zone} before ${b}`);
        assert.equal(offsetMinutes(b, zone), intlOffset(hi, zone), `${zone} at ${b}`);
        changes++;
      }
    }
    assert.ok(changes >= 10, `only ${changes} changes found`);
  });

  it('changes within the UTC day the clocks change, on the minute they change', () => {
    const change = Date.UTC(2027, 2, 28, 1, 0);
    assert.equal(offsetMinutes(change - 60_000, 'Europe/London'), 0);
    assert.equal(offsetMinutes(change, 'Europe/London'), 60);
    assert.equal(offsetMinutes(change + 3_600_000, 'Europe/London'), 60);
    assert.equal(offsetThroughDay('2027-03-28', 'Europe/London'), null);
    assert.equal(offsetThroughDay('2027-03-29', 'Europe/London'), 60);
  });
});

describe('flight times in IANA zones', () => {
  it('converts local departure times across the European spring-forward change', () => {
    assert.equal(
      localToInstant('2026-03-28', '10:30', 'Europe/Paris').toISOString(),
      '2026-03-28T09:30:00.000Z',
    );
    assert.equal(
      localToInstant('2026-03-29', '10:30', 'Europe/Paris').toISOString(),
      '2026-03-29T08:30:00.000Z',
    );
    assert.equal(toLocalIso(new Date('2026-03-29T08:30:00Z'), 'Europe/Paris'), '2026-03-29T10:30:00+02:00');
  });

  it('moves a time skipped by the change forward by the gap', () => {
    assert.equal(
      localToInstant('2026-03-29', '02:30', 'Europe/Paris').toISOString(),
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('takes the first of two repeated times when clocks go back', () => {
    assert.equal(
      localToInstant('2026-10-25', '02:30', 'Europe/Paris').toISOString(),
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('handles zones south of the equator and half-hour offsets', () => {
    assert.equal(
      toLocalIso(new Date('2026-01-15T00:00:00Z'), 'Australia/Sydney'),
      '2026-01-15T11:00:00+11:00',
    );
    assert.equal(
      toLocalIso(new Date('2026-07-15T00:00:00Z'), 'Australia/Sydney'),
      '2026-07-15T10:00:00+10:00',
    );
    assert.equal(toLocalIso(new Date('2026-07-15T00:00:00Z'), 'Asia/Kolkata'), '2026-07-15T05:30:00+05:30');
  });

  it('gives an overnight arrival its next-day local date', () => {
    const departure = localToInstant('2026-06-10', '22:15', 'America/New_York');
    const arrival = new Date(departure.getTime() + 7 * 3_600_000 + 5 * 60_000);
    assert.equal(toLocalIso(arrival, 'Europe/London'), '2026-06-11T10:20:00+01:00');
    assert.equal(localDate(arrival, 'Europe/London'), '2026-06-11');
  });

  it('does calendar arithmetic', () => {
    assert.equal(isoWeekday('2026-11-23'), 1);
    assert.equal(isoWeekday('2026-11-22'), 7);
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(daysBetween('2026-02-27', '2026-03-01'), 2);
    assert.equal(isCalendarDate('2026-02-29'), false);
    assert.equal(isCalendarDate('2028-02-29'), true);
  });
});
