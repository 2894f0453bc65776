import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generatedSchema, SCHEMA_FILE } from '../../scripts/generate-client.ts';

test('the committed typed client is what the live OpenAPI document generates (npm run client:generate)', async () => {
  assert.ok(
    (await generatedSchema()) === readFileSync(SCHEMA_FILE, 'utf8'),
    'packages/client/src/schema.ts is out of date',
  );
});
