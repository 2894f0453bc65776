import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { partnersOf } from '../inventory/carrier-partners.ts';
import { rankAlternatives } from './change-alternatives.ts';

const alt = (name: string, carriers: string[], departs: string, price: number) => ({
  option: name,
  carriers,
  departs,
  price,
});

describe('change alternatives', () => {
  const all = [
    alt('VS3 cheap, at the time', ['VS'], '08:30', 200),
    alt('AA101 partner', ['AA'], '08:30', 450),
    alt('BA177 evening', ['BA'], '18:00', 500),
    alt('BA117 morning', ['BA'], '08:25', 520),
    alt('BA+AA via partner', ['BA', 'AA'], '08:00', 400),
    alt('BA+VS mixed', ['BA', 'VS'], '08:25', 300),
  ];
  const ba = { carrier: 'BA', partners: partnersOf('BA'), departs: '08:25' };

  it('puts the ticketing airline first, nearest the time booked, then its partners; never others by choice', () => {
    assert.deepEqual(rankAlternatives(all, { ...ba, involuntary: false }), [
      'BA117 morning',
      'BA177 evening',
      'AA101 partner',
      'BA+AA via partner',
    ]);
  });

  it('moves to another airline only when the airline’s own change leaves nothing of its own or partners', () => {
    const others = all.filter((a) => a.carriers.includes('VS'));
    assert.deepEqual(rankAlternatives(others, { ...ba, involuntary: false }), []);
    assert.deepEqual(rankAlternatives(others, { ...ba, involuntary: true }), [
      'BA+VS mixed',
      'VS3 cheap, at the time',
    ]);
    assert.deepEqual(rankAlternatives(all, { ...ba, involuntary: true })[0], 'BA117 morning');
  });

  it('knows the alliances: BA’s partners are oneworld’s, Virgin Atlantic is not one of them', () => {
    assert.ok(partnersOf('BA').includes('AA') && partnersOf('BA').includes('IB'));
    assert.ok(!partnersOf('BA').includes('VS') && !partnersOf('BA').includes('BA'));
    assert.ok(partnersOf('KL').includes('DL') && partnersOf('KL').includes('AF'));
    assert.deepEqual(partnersOf('U2'), [], 'a carrier in no alliance has none');
  });
});
