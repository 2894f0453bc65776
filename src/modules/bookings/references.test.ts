import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newBookingReference, withFreshReference } from './references.ts';

const uniqueViolation = () => Object.assign(new Error('duplicate key'), { code: '23505' });

describe('booking references', () => {
  it('draws references of the asked length without look-alike characters', () => {
    for (let i = 0; i < 50; i++) assert.match(newBookingReference(6), /^[A-HJKMNP-Z2-9]{6}$/);
    assert.match(newBookingReference(8), /^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('draws another reference when the write collided, and gives up after four tries', async () => {
    const seen: string[] = [];
    const out = await withFreshReference(6, async (ref) => {
      seen.push(ref);
      if (seen.length < 3) throw uniqueViolation();
      return ref;
    });
    assert.equal(seen.length, 3);
    assert.equal(out, seen[2]);
    let calls = 0;
    await assert.rejects(
      withFreshReference(6, async () => {
        calls++;
        throw uniqueViolation();
      }),
      /duplicate key/,
    );
    assert.equal(calls, 4);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    await assert.rejects(
      withFreshReference(6, async () => {
        calls++;
        throw new Error('disk full');
      }),
      /disk full/,
    );
    assert.equal(calls, 1);
  });
});
