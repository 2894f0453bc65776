import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createSealer, parseDataKeys } from './sealed-data.ts';

describe('sealed personal data', () => {
  const k1 = { id: 'k1', key: randomBytes(32) };
  const k2 = { id: 'k2', key: randomBytes(32) };

  it('seals a value so that only its key and context open it, differently each time', () => {
    const sealer = createSealer([k1]);
    const a = sealer.seal('1985-12-10', 'birth');
    assert.notEqual(a, sealer.seal('1985-12-10', 'birth'), 'a fresh nonce each time');
    assert.doesNotMatch(a, /1985/);
    assert.equal(sealer.open(a, 'birth'), '1985-12-10');
    assert.throws(() => sealer.open(a, 'document'), /does not open/);
    const [prefix, id, iv, body] = a.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    assert.throws(
      () => sealer.open([prefix, id, iv, flipped.toString('base64url')].join('.'), 'birth'),
      /does not open/,
    );
    assert.throws(() => sealer.open('1985-12-10', 'birth'), /not a sealed value/);
  });

  it('rotates: the new first key seals, the old one still opens, and says what is not current', () => {
    const before = createSealer([k1]).seal('X1234567', 'doc');
    const after = createSealer([k2, k1]);
    assert.equal(after.open(before, 'doc'), 'X1234567');
    assert.equal(after.isCurrent(before), false);
    assert.equal(after.isCurrent(after.seal('X1234567', 'doc')), true);
    assert.throws(() => createSealer([k2]).open(before, 'doc'), /k1, which is not configured/);
  });

  it('reads DATA_KEYS as id:key pairs in base64 or base64url, and says what is wrong', () => {
    const standard = randomBytes(32).toString('base64');
    const keys = parseDataKeys(` k2:${standard} , k1:${k1.key.toString('base64url')}`);
    assert.ok(Array.isArray(keys));
    assert.deepEqual(
      keys.map((k) => k.id),
      ['k2', 'k1'],
    );
    assert.deepEqual(keys[0]!.key, Buffer.from(standard, 'base64'));
    assert.match(String(parseDataKeys('k1:short')), /32 random bytes/);
    assert.match(String(parseDataKeys(`k1:${standard},k1:${standard}`)), /named twice/);
    assert.match(String(parseDataKeys(`bad id:${standard}`)), /id:key pairs/);
    assert.throws(() => createSealer([]), /no data key/);
  });
});
