import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseSsim, ssimDate } from './ssim.ts';

const SAMPLE = readFileSync(new URL('../../../../test/fixtures/sample.ssim', import.meta.url), 'utf8');

/** UTC offsets in minutes for the sample's airports in its winter season (Sydney on summer time). */
const WINTER: Record<string, number> = { LHR: 0, JFK: -300, SIN: 480, SYD: 660, DXB: 240 };
const offsetAt = (airport: string) => WINTER[airport];

/** A flight leg record with fields at their 1-based SSIM positions over a valid one. */
function leg(changes: Array<[number, string]> = []): string {
  const line = [...SAMPLE.split('\n')[4]!];
  for (const [pos, text] of changes) line.splice(pos - 1, text.length, ...text);
  return line.join('');
}
const fileWith = (...records: string[]) => [...SAMPLE.split('\n').slice(0, 4), ...records].join('\n');

describe('SSIM chapter 7', () => {
  it('reads dates as DDMMMYY', () => {
    assert.equal(ssimDate('01DEC26'), '2026-12-01');
    assert.equal(ssimDate('29FEB27'), undefined, 'no 29 February in 2027');
    assert.equal(ssimDate('01XYZ26'), undefined);
  });

  it('turns the sample’s passenger legs into schedules, skipping cargo', () => {
    const { file, lines, problems, skipped } = parseSsim(SAMPLE, offsetAt);
    assert.deepEqual(problems, []);
    assert.equal(skipped, 1, 'the freighter leg');
    assert.deepEqual(lines, [5, 6, 7, 13]);
    const [jfk, sin, syd, ek] = file.schedules;
    assert.deepEqual(jfk, {
      carrier: 'BA',
      flight_number: 117,
      origin: 'LHR',
      destination: 'JFK',
      departure_time: '08:20',
      duration_minutes: 475,
      days_of_week: '1234567',
      valid_from: '2026-12-01',
      valid_to: '2027-02-28',
      aircraft: '77W',
      capacity: { business: 40, premium_economy: 30, economy: 150 },
    });
    // An overnight arrival: 21:10 in London, 17:55 next day in Singapore (+8) is 12 h 45 min.
    assert.equal(sin!.duration_minutes, 765);
    assert.equal(sin!.days_of_week, '1357');
    assert.deepEqual(sin!.capacity, { first: 8, business: 40, premium_economy: 30, economy: 150 });
    // The second leg leaves a day after the flight's date: its period and weekdays move with it.
    assert.equal(syd!.origin, 'SIN');
    assert.equal(syd!.departure_time, '20:00');
    assert.equal(syd!.valid_from, '2026-12-02');
    assert.equal(syd!.valid_to, '2027-03-01');
    assert.equal(syd!.days_of_week, '1246');
    assert.equal(syd!.duration_minutes, 410, '20:00 +8 to 05:50 +11 two days after the flight date');
    // A UTC file: 03:45 UTC is 07:45 in Dubai; an open period runs to the end of the carrier's season.
    assert.equal(ek!.departure_time, '07:45');
    assert.equal(ek!.duration_minutes, 465);
    assert.equal(ek!.days_of_week, '12345');
    assert.equal(ek!.valid_to, '2027-02-28');
  });

  it('moves a UTC departure past local midnight to the next local day', () => {
    const utc = parseSsim(
      [
        ...SAMPLE.split('\n').slice(0, 3),
        SAMPLE.split('\n')[11]!,
        leg([
          [3, 'EK '],
          [29, '1      '],
          [37, 'DXB'],
          [40, '2100'],
          [48, '+0400'],
          [55, 'LHR'],
          [62, '0530'],
          [66, '+0000'],
          [194, '1'],
        ]),
      ].join('\n'),
      offsetAt,
    );
    assert.deepEqual(utc.problems, []);
    const s = utc.file.schedules[0]!;
    assert.equal(s.departure_time, '01:00', '21:00 UTC Monday is 01:00 Tuesday in Dubai');
    assert.equal(s.days_of_week, '2');
    assert.equal(s.valid_from, '2026-12-02');
    assert.equal(s.duration_minutes, 510);
  });

  it('names the line and the positions of every bad record, keeping none of them', () => {
    const bad = fileWith(
      leg([[15, '31NOV26']]),
      leg([[29, '1 4 6 2']]),
      leg([[40, '2460']]),
      leg([[48, '+9900']]),
      leg([[36, '2']]),
      leg([[173, '                    ']]),
      leg([[193, 'X']]),
      leg([[48, '+0100']]),
      leg([[62, '0300']]),
      `${leg()}    `,
      '7 not a record',
      leg([[3, 'EK ']]),
    );
    const { file, problems } = parseSsim(bad, offsetAt);
    assert.equal(file.schedules.length, 0);
    const at = (line: number) => problems.filter((p) => p.line === line).map((p) => p.detail);
    assert.match(at(5)[0]!, /positions 15–21: "31NOV26" is not a date/);
    assert.match(at(6)[0]!, /positions 29–35: days of operation/);
    assert.match(at(7)[0]!, /positions 40–43/);
    assert.match(at(8)[0]!, /positions 48–52/);
    assert.match(at(9)[0]!, /position 36: frequency rate 2/);
    assert.match(at(10)[0]!, /positions 173–192: aircraft configuration/);
    assert.match(at(11)[0]!, /positions 193–194: date variation/);
    assert.match(at(12)[0]!, /LHR is at UTC\+0000 on 2026-12-01, not \+0100/);
    assert.match(at(13)[0]!, /lasts -20 minutes/);
    assert.match(at(14)[0]!, /is 204 characters long/);
    assert.match(at(15)[0]!, /record type "7"/);
    assert.match(at(16)[0]!, /airline EK is not the carrier record's BA/);
  });

  it('refuses a leg before any carrier record, and a file without a header', () => {
    const headless = parseSsim(SAMPLE.split('\n').slice(4).join('\n'), offsetAt);
    assert.equal(headless.problems[0]!.line, 1);
    assert.match(headless.problems[0]!.detail, /no header record/);
    assert.match(headless.problems[1]!.detail, /before any carrier record/);
  });
});
