import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withinWindow } from './time-windows.ts';

const at = (hhmm: string) => `2026-12-14T${hhmm}:00+01:00`;

describe('departure and arrival time windows', () => {
  it('holds a time between from and to, both included', () => {
    const morning = { from: '06:00', to: '12:00' };
    assert.deepEqual(
      ['05:59', '06:00', '09:30', '12:00', '12:01'].map((t) => withinWindow(at(t), morning)),
      [false, true, true, true, false],
    );
  });

  it('wraps a window whose from is after its to past midnight', () => {
    const night = { from: '22:00', to: '02:00' };
    assert.deepEqual(
      ['21:59', '22:00', '23:59', '00:00', '02:00', '02:01', '12:00'].map((t) => withinWindow(at(t), night)),
      [false, true, true, true, true, false, false],
    );
  });

  it('takes any time without a window', () => {
    assert.equal(withinWindow(at('03:17'), undefined), true);
  });
});
