import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { testCatalogue } from '../../../../test/helpers/test-app.ts';
import { localToInstant } from '../../../shared/calendar.ts';
import { DepartureBoards, firstFrom, type Moved } from './departure-boards.ts';
import type { BoardSchedule } from './departure-columns.ts';

const airport = (code: string) => testCatalogue().airportByCode.get(code)!;

let next = 0;
const schedule = (over: Partial<BoardSchedule> & { from: string; to: string }): BoardSchedule => ({
  id: `sch_${next++}`,
  carrier: 'BA',
  origin: airport(over.from),
  destination: airport(over.to),
  departureTime: '10:00',
  durationMinutes: 60,
  days: '1234567',
  validFrom: '2027-01-01',
  validTo: '2027-12-31',
  ...over,
});

/** Departure instants of a board, as ISO strings, with the schedule ids in board order. */
function shown(boards: DepartureBoards, list: BoardSchedule[], from: string, date: string, to?: string[]) {
  const at = boards.airportNumber.get(from)!;
  const board = to
    ? boards.routeBoard(
        at,
        to.map((c) => boards.airportNumber.get(c)!),
        date,
      )
    : boards.board(at, date);
  return Array.from(board.schedule, (s, k) => ({
    id: list[s]!.id,
    departs: new Date(board.departs[k]!).toISOString(),
    arrives: new Date(board.arrives[k]!).toISOString(),
  }));
}

describe('departure boards', () => {
  it('lists the flights of a day by departure, each as the local time in the airport’s zone', () => {
    const list = [
      schedule({ from: 'LHR', to: 'JFK', departureTime: '18:30' }),
      schedule({ from: 'LHR', to: 'CDG', departureTime: '07:05', durationMinutes: 75 }),
      schedule({ from: 'CDG', to: 'LHR', departureTime: '06:00' }),
      schedule({ from: 'LHR', to: 'MAD', departureTime: '07:05' }),
    ];
    const boards = new DepartureBoards(list, new Map(), new Map());
    assert.deepEqual(shown(boards, list, 'LHR', '2027-07-01'), [
      { id: list[1]!.id, departs: '2027-07-01T06:05:00.000Z', arrives: '2027-07-01T07:20:00.000Z' },
      { id: list[3]!.id, departs: '2027-07-01T06:05:00.000Z', arrives: '2027-07-01T07:05:00.000Z' },
      { id: list[0]!.id, departs: '2027-07-01T17:30:00.000Z', arrives: '2027-07-01T18:30:00.000Z' },
    ]);
  });

  it('leaves out a day the schedule does not fly: weekday, validity, cancellation', () => {
    const list = [
      schedule({ from: 'LHR', to: 'JFK', days: '135' }), // 2027-07-01 is a Thursday (4)
      schedule({ from: 'LHR', to: 'JFK', validFrom: '2027-07-02' }),
      schedule({ from: 'LHR', to: 'JFK', validTo: '2027-06-30' }),
      schedule({ from: 'LHR', to: 'JFK', departureTime: '11:00' }),
      schedule({ from: 'LHR', to: 'JFK', departureTime: '12:00' }),
    ];
    const boards = new DepartureBoards(list, new Map([[4, new Set(['2027-07-01'])]]), new Map());
    assert.deepEqual(
      shown(boards, list, 'LHR', '2027-07-01').map((f) => f.id),
      [list[3]!.id],
    );
    assert.deepEqual(
      shown(boards, list, 'LHR', '2027-07-02').map((f) => f.id),
      [list[0]!.id, list[1]!.id, list[3]!.id, list[4]!.id],
    );
  });

  it('gives the instants localToInstant gives on the days clocks change, and keeps them in order', () => {
    const list = ['00:30', '01:30', '02:30', '03:15', '23:45'].map((departureTime) =>
      schedule({ from: 'JFK', to: 'LHR', departureTime }),
    );
    const boards = new DepartureBoards(list, new Map(), new Map());
    for (const date of ['2027-03-14', '2027-11-07']) {
      const got = shown(boards, list, 'JFK', date);
      const expected = list
        .map((s) => ({
          id: s.id,
          departs: localToInstant(date, s.departureTime, 'America/New_York').toISOString(),
        }))
        .sort((a, b) => a.departs.localeCompare(b.departs));
      assert.deepEqual(
        got.map(({ id, departs }) => ({ id, departs })),
        expected,
        date,
      );
    }
  });

  it('shows a moved flight at its new time and duration, in its new place on the board', () => {
    const list = [
      schedule({ from: 'FRA', to: 'MUC', departureTime: '06:40' }),
      schedule({ from: 'FRA', to: 'MUC', departureTime: '12:00' }),
    ];
    const moved = new Map<number, Map<string, Moved>>([
      [0, new Map([['2027-07-01', { departureTime: '22:05', durationMinutes: 70 }]])],
    ]);
    const boards = new DepartureBoards(list, new Map(), moved);
    assert.deepEqual(shown(boards, list, 'FRA', '2027-07-01'), [
      { id: list[1]!.id, departs: '2027-07-01T10:00:00.000Z', arrives: '2027-07-01T11:00:00.000Z' },
      { id: list[0]!.id, departs: '2027-07-01T20:05:00.000Z', arrives: '2027-07-01T21:15:00.000Z' },
    ]);
    assert.equal(shown(boards, list, 'FRA', '2027-07-02')[0]!.id, list[0]!.id, 'only that day moved');
  });

  it('gives a route’s board as the airport’s board filtered to the destinations, in the same order', () => {
    const times = ['06:00', '09:30', '09:30', '13:10', '17:45', '21:00'];
    const list = times.flatMap((departureTime, i) => [
      schedule({ from: 'LHR', to: i % 2 === 0 ? 'JFK' : 'EWR', departureTime }),
      schedule({ from: 'LHR', to: 'CDG', departureTime }),
    ]);
    const boards = new DepartureBoards(list, new Map(), new Map());
    const whole = shown(boards, list, 'LHR', '2027-07-01');
    const toNewYork = new Set([airport('JFK'), airport('EWR')].map((a) => a.iata));
    assert.deepEqual(
      shown(boards, list, 'LHR', '2027-07-01', ['JFK', 'EWR']),
      whole.filter((f) => toNewYork.has(list.find((s) => s.id === f.id)!.destination.iata)),
    );
  });

  it('finds the first flight at or after an instant', () => {
    const list = ['08:00', '09:00', '10:00'].map((departureTime) =>
      schedule({ from: 'LHR', to: 'JFK', departureTime }),
    );
    const boards = new DepartureBoards(list, new Map(), new Map());
    const board = boards.board(boards.airportNumber.get('LHR')!, '2027-01-10');
    assert.equal(firstFrom(board, Date.parse('2027-01-10T09:00:00Z')), 1);
    assert.equal(firstFrom(board, Date.parse('2027-01-10T09:00:01Z')), 2);
    assert.equal(firstFrom(board, Date.parse('2027-01-10T11:00:00Z')), 3);
  });

  it('builds the same boards in turns of the event loop as at once, for any schedules', async () => {
    const codes = ['LHR', 'JFK', 'CDG', 'NRT', 'SYD'];
    const oneSchedule = fc.record({
      from: fc.constantFrom(...codes),
      to: fc.constantFrom(...codes),
      departureTime: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 5, 30, 59))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      days: fc.constantFrom('1234567', '135', '67'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(oneSchedule, { maxLength: 60 }), async (drafts) => {
        const list = drafts.map((d) => schedule(d));
        const atOnce = new DepartureBoards(list, new Map(), new Map());
        const inTurns = await DepartureBoards.inTurns(list, new Map(), new Map());
        for (const code of codes) {
          if (!atOnce.airportNumber.has(code)) continue;
          const got = shown(inTurns, list, code, '2027-07-01');
          assert.deepEqual(got, shown(atOnce, list, code, '2027-07-01'));
          // By departure, then by schedule number.
          const expected = [...got].sort(
            (a, b) => a.departs.localeCompare(b.departs) || Number(a.id.slice(4)) - Number(b.id.slice(4)),
          );
          assert.deepEqual(got, expected);
        }
      }),
      { numRuns: 100 },
    );
  });
});
