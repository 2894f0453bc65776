import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

/**
 * The production files, checked as far as a machine without a container engine can: compose.yaml is a
 * valid Compose file (the Compose Specification's own schema), everything it mounts from this repository
 * exists, and every setting it and the Dockerfile give Itinera is one docs/configuration.md describes.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const compose = parse(read('compose.yaml')) as {
  services: Record<string, { environment?: Record<string, string>; volumes?: string[] }>;
};
const documented = new Set(
  [...read('docs/configuration.md').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]),
);

describe('the production files', () => {
  it('compose.yaml follows the Compose Specification', () => {
    // Draft 07, named by an address Ajv does not know it by.
    const { $schema: _draft, ...schema } = JSON.parse(read('test/fixtures/compose/compose-spec.json'));
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    const valid = ajv.validate(schema, compose);
    assert.ok(valid, JSON.stringify(ajv.errors, null, 2));
  });

  it('mounts only files of this repository that exist (and the metrics token the operator writes)', () => {
    const mounted = Object.values(compose.services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => v.split(':')[0]!)
      .filter((source) => source.startsWith('./'));
    assert.ok(mounted.length > 0);
    for (const source of mounted)
      if (source !== './deploy/metrics-token')
        assert.ok(existsSync(path.join(root, source)), `${source} exists`);
    assert.match(read('docs/deploy.md'), /metrics-token/, 'the metrics token file is documented');
  });

  it('gives Itinera only settings it has', () => {
    assert.ok(documented.size > 30, 'the settings table is read');
    const fromCompose = Object.keys(compose.services.itinera?.environment ?? {});
    const fromDockerfile = [...read('Dockerfile').matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=\S+/gm)].map(
      (m) => m[1]!,
    );
    assert.ok(fromCompose.length > 3 && fromDockerfile.length > 3);
    for (const name of [...fromCompose, ...fromDockerfile])
      assert.ok(documented.has(name), `${name} is a documented setting`);
  });
});
