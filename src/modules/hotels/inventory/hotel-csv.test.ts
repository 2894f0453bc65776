import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { hotelTableOf, parseHotelTable } from './hotel-csv.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../test/fixtures/hotels/${name}`, import.meta.url), 'utf8');

describe('hotel CSV tables', () => {
  it('tells each table by its header', () => {
    assert.equal(hotelTableOf(fixture('hotels.csv')), 'hotels');
    assert.equal(hotelTableOf(fixture('room_types.csv')), 'room_types');
    assert.equal(hotelTableOf(fixture('rate_plans.csv')), 'rate_plans');
    assert.equal(hotelTableOf(fixture('allotments.csv')), 'allotments');
    assert.equal(hotelTableOf('carrier,origin,destination\n'), undefined);
  });

  it('reads hotels with lists, flags and defaults', () => {
    const parsed = parseHotelTable(fixture('hotels.csv'));
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.table, 'hotels');
    const [alfama, avenida] = parsed.records as any[];
    assert.equal(alfama.chain, null);
    assert.equal(alfama.address, 'Rua de São Tomé 12, Lisboa');
    assert.deepEqual(alfama.amenities, ['wifi', 'bar', 'family_rooms']);
    assert.deepEqual(alfama.policies, { pets_allowed: true, smoking: false, min_check_in_age: 18 });
    assert.equal(alfama.active, true, 'blank means active');
    assert.equal(avenida.images.length, 2);
    assert.deepEqual(parsed.lines, [2, 3]);
  });

  it('reads rate plans: decimal amounts in the currency, cancellation steps, seasons, weekdays, bands', () => {
    const parsed = parseHotelTable(fixture('rate_plans.csv'));
    assert.deepEqual(parsed.problems, []);
    const [bb, saver, flex, atHotel] = parsed.records as any[];
    assert.equal(bb.base_amount, 9500);
    assert.equal(bb.taxes.city_tax_per_person_night, 400);
    assert.deepEqual(bb.cancellation, {
      refundable: true,
      steps: [
        { days_before: 7, percent: 30 },
        { days_before: 2, percent: 100 },
      ],
    });
    assert.deepEqual(bb.seasons, [{ from: '2027-06-01', to: '2027-09-15', percent: 130 }]);
    assert.deepEqual(bb.weekday_percents, [100, 100, 100, 100, 115, 125, 100]);
    assert.deepEqual(bb.child_bands, [
      { max_age: 1, percent: 0 },
      { max_age: 11, percent: 50 },
    ]);
    assert.deepEqual(saver.cancellation, { refundable: false, steps: [] });
    assert.equal(saver.base_amount, 7950);
    assert.equal(saver.closed_to_arrival, '6');
    assert.deepEqual(saver.weekday_percents, [100, 100, 100, 100, 100, 100, 100]);
    assert.equal(flex.payment, 'pay_now');
    assert.deepEqual(atHotel.cancellation, { refundable: true, steps: [] });
    assert.equal(atHotel.payment, 'pay_at_hotel');
  });

  it('takes amounts in the currency’s own exponent', () => {
    const text =
      'hotel_code,code,name,board,currency,base_amount,cancellation\n' +
      'H1,A,A,room_only,JPY,18000,free\nH1,B,B,room_only,KWD,45.250,free\nH1,C,C,room_only,JPY,18000.50,free\n';
    const parsed = parseHotelTable(text);
    assert.deepEqual(
      (parsed.records as any[]).map((r) => r.base_amount),
      [18000, 45250],
    );
    assert.equal(parsed.problems.length, 1);
    assert.equal(parsed.problems[0]!.line, 4);
    assert.match(parsed.problems[0]!.detail, /not an amount in JPY/);
  });

  it('reports every unreadable cell with its line, and keeps those rows out', () => {
    const text =
      'hotel_code,room_type,from,to,rooms,closed,closed_to_arrival\n' +
      'H1,DBL,2027-01-01,2027-01-05,four,,\n' +
      'H1,DBL,2027-01-01,2027-01-05,3,maybe,\n' +
      'H1,DBL,2027-01-01,2027-01-05,3,,\n';
    const parsed = parseHotelTable(text);
    assert.deepEqual(
      parsed.problems.map((p) => p.line),
      [2, 3],
    );
    assert.match(parsed.problems[0]!.detail, /rooms "four" is not a whole number/);
    assert.match(parsed.problems[1]!.detail, /closed "maybe" must be true or false/);
    assert.equal(parsed.records.length, 1);
  });

  it('refuses a header it does not know, a misspelt column, a malformed cell list and an empty table', () => {
    assert.match(parseHotelTable('name,code\nx,y\n').problems[0]!.detail, /none of hotels.csv/);
    const misspelt = parseHotelTable(fixture('room_types.csv').replace('max_adults', 'max_adult'));
    assert.match(misspelt.problems.map((p) => p.detail).join(' '), /lacks the column\(s\) max_adults/);
    assert.match(misspelt.problems.map((p) => p.detail).join(' '), /unknown column\(s\) max_adult/);
    const steps = parseHotelTable(
      'hotel_code,code,name,board,currency,base_amount,cancellation,seasons\n' +
        'H1,A,A,room_only,EUR,10,7-30,\nH1,B,B,room_only,EUR,10,free,2027-13-01..2027-01-02:120\nH1,C,C,room_only,EUR,10,,\n',
    );
    assert.deepEqual(
      steps.problems.map((p) => p.line),
      [2, 3, 4],
    );
    assert.match(steps.problems[0]!.detail, /7:30;2:100/);
    assert.match(steps.problems[1]!.detail, /seasons/);
    assert.match(steps.problems[2]!.detail, /cancellation is needed/);
    assert.match(parseHotelTable('hotel_code,room_type,from,to\n').problems[0]!.detail, /no row/);
  });
});
