import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FARES_CSV_HEADER, isFaresCsv, parseFaresCsv } from './fare-csv.ts';

const csv = (...rows: string[]) => [FARES_CSV_HEADER, ...rows].join('\n');

describe('fares as CSV', () => {
  it('reads decimals in each currency’s own exponent, and blanks as “not allowed”', () => {
    const { fares, lines, problems } = parseFaresCsv(
      csv(
        'BA,LHR,JFK,economy,light,GBP,250.00,188,25.5,85.00,21.00,0,1,,,15.00,,45.00,2',
        'JL,NRT,LHR,business,standard,JPY,480000,360000,48000,32000,8000,2,1,20000,40000,0,0,,',
        '"KU","KWI","LHR","economy","flex","KWD",95.125,70.000,9.5,12.000,3,1,1,0,0,0,0,10,1',
      ),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(lines, [2, 3, 4]);
    const [ba, jl, ku] = fares;
    assert.deepEqual(
      [ba!.adult, ba!.child, ba!.infant, ba!.tax, ba!.change, ba!.refund],
      [25_000, 18_800, 2_550, 8_500, { allowed: false, penalty: 0 }, { allowed: false, penalty: 0 }],
    );
    assert.deepEqual(ba!.seat_fees, { standard: 1_500, preferred: null }, 'a blank seat fee: not selectable');
    assert.deepEqual(ba!.extra_bags, { amount: 4_500, max: 2 });
    assert.equal(jl!.adult, 480_000, 'yen have no decimals');
    assert.deepEqual(jl!.change, { allowed: true, penalty: 20_000 });
    assert.equal(jl!.extra_bags, undefined, 'a blank bag fee: none sold');
    assert.equal(ku!.adult, 95_125, 'dinars have three decimals');
    assert.equal(ku!.infant_tax, 3_000);
  });

  it('takes a file without the optional columns: seats free, no extra bags', () => {
    const header = FARES_CSV_HEADER.split(',').slice(0, 15).join(',');
    const { fares, problems } = parseFaresCsv(
      `${header}\nBA,LHR,DUB,economy,light,EUR,60,60,10,12,0,0,1,,\n`,
    );
    assert.deepEqual(problems, []);
    assert.equal(fares[0]!.seat_fees, undefined);
    assert.equal(fares[0]!.extra_bags, undefined);
  });

  it('names the line of every bad cell, and a header that lacks or misspells a column', () => {
    const { fares, problems } = parseFaresCsv(
      csv(
        'BA,LHR,JFK,economy,light,GBP,250.001,188,25,85,21,0,1,,,15,39,45,2',
        'BA,LHR,JFK,coach,light,ABC,250,188,25,85,21,0,1,,,15,39,45,2',
        'BA,LHR,JFK,economy,light,JPY,250.5,188,25,85,21,9,1,,,15,39,45,2',
        'BA,LHR,JFK,economy,light,GBP,-5,188,25,85,21,0,1,,,15,39,45,2',
      ),
    );
    assert.equal(fares.length, 0);
    const at = (line: number) => problems.filter((p) => p.line === line).map((p) => p.detail);
    assert.deepEqual(at(2), ['adult "250.001" is not an amount in GBP (e.g. 125.50)']);
    assert.match(at(3).join('|'), /currency "ABC" is not an ISO 4217 code/);
    assert.match(at(3).join('|'), /cabin "coach" must be one of/);
    assert.match(at(4).join('|'), /adult "250.5" is not an amount in JPY/);
    assert.match(at(4).join('|'), /checked_bags "9" must be 0 to 5/);
    assert.match(at(5).join('|'), /adult "-5"/);
    const header = parseFaresCsv('carrier,origin,destination,cabn\nBA,LHR,JFK,economy\n');
    assert.equal(header.problems[0]!.line, 1);
    assert.match(header.problems[0]!.detail, /lacks the column\(s\) cabin, brand/);
    assert.match(header.problems[1]!.detail, /unknown column\(s\) cabn/);
    const ragged = parseFaresCsv(csv('BA,LHR'));
    assert.equal(ragged.problems[0]!.line, 2);
    assert.match(parseFaresCsv(FARES_CSV_HEADER).problems[0]!.detail, /no fare/);
  });

  it('is told apart from JSON and SSIM by its header', () => {
    assert.ok(isFaresCsv(`\uFEFF${FARES_CSV_HEADER}\n`));
    assert.ok(!isFaresCsv('{"schedules":[]}'));
  });
});
