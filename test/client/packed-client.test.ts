/**
 * The client as a user outside this repository gets it: packed as `npm publish` would publish it,
 * installed into a project of its own in the temporary folder, and used against a running server from
 * plain Node (JavaScript), from the README's TypeScript example run as it is, and type-checked by tsc.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { packClient } from '../../scripts/pack-client.ts';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The README's TypeScript example, as a user would paste it. */
function readmeExample(): string {
  const readme = readFileSync(path.join(root, 'packages/client/README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'the README has a TypeScript example');
  return block;
}

const PLAIN = `import { createItineraClient, passwordGrant, ProblemError, unwrap } from '@itinera/client';
const baseUrl = process.env.ITINERA_URL;
const auth = passwordGrant({ baseUrl, clientId: 'itinera-demo', username: 'demo-customer', password: process.env.ITINERA_PASSWORD });
const api = createItineraClient({ baseUrl, auth });
const places = await unwrap(api.GET('/b2c/places', { params: { query: { q: 'lon' } } }));
let refused;
try {
  await unwrap(api.GET('/booking', { params: { query: { booking_id: 'bkg_nothing' } } }));
} catch (error) {
  refused = error instanceof ProblemError ? error.status + ' ' + error.code : String(error);
}
console.log(JSON.stringify({ places: places.data.map((p) => p.name), refused }));
`;

describe('the client packed and used outside this repository', () => {
  let work: string;
  let project: string;
  let server: ChildProcess | undefined;
  let env: Record<string, string>;

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'itinera-client-user-'));
    project = path.join(work, 'shop');
    const tarball = packClient(work);
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'shop', private: true, type: 'module' }),
    );
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
      cwd: project,
      stdio: 'pipe',
    });

    const port = await freePort();
    const dataDir = path.join(work, 'data');
    const url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(root, 'bin/itinera.js'), 'serve'], {
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_PRESET: 'S',
        SEARCH_THREADS: '0',
        WEB_DIR: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Itinera is serving on')) resolve();
      });
      server!.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
    const credentials = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
    env = {
      ...(process.env as Record<string, string>),
      ITINERA_URL: url,
      ITINERA_PASSWORD: credentials.customer.password,
    };
  });

  after(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('ships JavaScript and type declarations only, with an exports map', () => {
    const installed = path.join(project, 'node_modules/@itinera/client');
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.exports, { '.': { types: './index.d.ts', default: './index.js' } });
    assert.equal(manifest.private, undefined);
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: installed, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    assert.ok(files.includes('./index.js') && files.includes('./index.d.ts') && files.includes('./LICENSE'));
    assert.deepEqual(
      files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
      [],
      'no TypeScript source, which Node will not run from node_modules',
    );
  });

  it('signs in, reads and gets a typed problem from plain Node', () => {
    writeFileSync(path.join(project, 'plain.mjs'), PLAIN);
    const out = JSON.parse(
      execFileSync(process.execPath, ['plain.mjs'], { cwd: project, env, encoding: 'utf8' }),
    );
    assert.ok(out.places.includes('London'), JSON.stringify(out.places));
    assert.equal(out.refused, '400 VALIDATION_FAILED', 'a ProblemError with its status and code');
  });

  it('runs the README example as it is, and tsc finds its types', () => {
    writeFileSync(path.join(project, 'example.ts'), readmeExample());
    const out = execFileSync(process.execPath, ['example.ts'], { cwd: project, env, encoding: 'utf8' });
    assert.match(out, /^\S+ \d+ [A-Z]{3}$/m, `offers printed:\n${out}`);
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: false,
        },
        files: ['example.ts', 'env.d.ts'],
      }),
    );
    // The example reads its settings from process.env: declared here, as @types/node would.
    writeFileSync(
      path.join(project, 'env.d.ts'),
      'declare const process: { env: Record<string, string | undefined> };\n',
    );
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
      encoding: 'utf8',
    });
  });
});
