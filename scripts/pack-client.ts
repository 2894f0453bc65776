/**
 * `npm run client:pack [-- --out DIR]`: builds `@itinera/client` to JavaScript with type declarations
 * (ESM, an exports map) in a folder of its own and packs it with npm, as `npm publish` would publish it.
 * The sources in packages/client stay TypeScript for this repository, which runs them as they are.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'packages/client');

/** Builds and packs the client; answers the tarball's path. */
export function packClient(outDir: string): string {
  const build = mkdtempSync(path.join(tmpdir(), 'itinera-client-'));
  try {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        path.join(source, 'tsconfig.build.json'),
        '--outDir',
        build,
      ],
      { stdio: 'inherit' },
    );
    const own = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
    const manifest = {
      name: own.name,
      version: own.version,
      description: own.description,
      license: own.license,
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
      main: './index.js',
      types: './index.d.ts',
      sideEffects: false,
      engines: { node: '>=20' },
      dependencies: own.dependencies,
    };
    writeFileSync(path.join(build, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(path.join(source, 'README.md'), path.join(build, 'README.md'));
    copyFileSync(path.join(root, 'LICENSE'), path.join(build, 'LICENSE'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: build, encoding: 'utf8' }),
    ) as Array<{ filename: string }>;
    return path.join(outDir, packed[0]!.filename);
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: '.' } } });
  process.stdout.write(`${packClient(path.resolve(values.out!))}\n`);
}
