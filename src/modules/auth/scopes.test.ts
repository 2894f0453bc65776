import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideScope, hasScope } from './scopes.ts';

describe('scope decision', () => {
  it('grants every scope of the role when none is asked', () => {
    assert.deepEqual(decideScope('customer', undefined), { ok: true, scope: 'read book' });
    assert.deepEqual(decideScope('admin', ''), { ok: true, scope: 'read book admin' });
  });

  it('narrows to the asked scopes in a canonical order', () => {
    assert.deepEqual(decideScope('admin', 'admin read read'), { ok: true, scope: 'read admin' });
  });

  it('refuses a scope beyond the role and an unknown scope', () => {
    assert.equal(decideScope('customer', 'read admin').ok, false);
    assert.equal(decideScope('customer', 'write').ok, false);
  });

  it('caps a refresh at the scope originally granted', () => {
    assert.equal(decideScope('admin', 'admin', 'read').ok, false);
    assert.deepEqual(decideScope('admin', undefined, 'read'), { ok: true, scope: 'read' });
  });

  it('checks membership by whole words', () => {
    assert.equal(hasScope('read book', 'book'), true);
    assert.equal(hasScope('read', 'admin'), false);
  });
});
