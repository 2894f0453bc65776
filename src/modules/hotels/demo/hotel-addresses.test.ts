import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressIn } from './hotel-addresses.ts';

describe('demo addresses', () => {
  it('writes a street of the language with the number where the language puts it', () => {
    assert.equal(addressIn('de', 0.1, 0.2, 'Berlin'), 'Bahnhofstraße 21, Berlin');
    assert.equal(addressIn('fr', 0.1, 0.2, 'Lyon'), '21 avenue de la Gare, Lyon');
    assert.equal(addressIn('es', 0.1, 0.2, 'Madrid'), 'Avenida de la Estación, 21, Madrid');
    assert.equal(addressIn('tr', 0.1, 0.2, 'Izmir'), 'İstasyon Caddesi No:21, Izmir');
    assert.match(addressIn('ja', 0.1, 0.2, 'Osaka'), /^\d-\d{1,2}-\d{1,2} Ekimae, Osaka$/);
    assert.equal(addressIn('th', 0.1, 0.2, 'Bangkok'), '21 Thanon Sathani, Bangkok');
  });

  it('falls back to English for a language it has no streets for, and never names a street outside its list', () => {
    assert.equal(addressIn('sw', 0.1, 0.2, 'Nairobi'), '21 Station Road, Nairobi');
    for (const draw of [0, 0.5, 0.999999])
      assert.doesNotMatch(addressIn('it', draw, draw, 'Roma'), /undefined/);
  });
});
