/**
 * Runs every test file that touches storage once per engine (SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set), and every pure test file once. A skipped engine is announced loudly, and
 * under CI it is a failure, never a silent pass.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cachedCatalogue } from '../src/modules/catalog/index.ts';
import { buildWebIfStale } from './build-web.ts';
import { ensureChromium } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Each PostgreSQL test database is a schema named after this run. Schemas are dropped once the whole
 * run is over, never while other test files still run: Kysely's migrator looks at every schema, and one
 * dropped under it fails that file's set-up.
 */
const runId = randomBytes(4).toString('hex');

/**
 * The catalogue, built now if this code has not built it before (about a second, 300 MiB resident), so
 * that every test process, server and command of the run reads it from the cache (90 ms, 130 MiB).
 */
cachedCatalogue();
const scratch = mkdtempSync(path.join(tmpdir(), `itinera-test-${runId}-`));

async function dropRunSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where nspname like $1',
      [`t_${runId}_%`],
    );
    for (const { nspname } of rows) await client.query(`drop schema if exists ${nspname} cascade`);
  } finally {
    await client.end();
  }
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : testFiles(full);
    return name.endsWith('.test.ts') ? [path.relative(root, full)] : [];
  });
}

/** A test file touches storage when it builds an app or a database through the test helpers. */
function usesStorage(file: string): boolean {
  return /from '[./]*(test\/)?helpers\/|openTestStorage|buildTestApp/.test(
    readFileSync(path.join(root, file), 'utf8'),
  );
}

function run(
  engine: 'pure' | 'sqlite' | 'postgres' | 'browser',
  files: string[],
): Promise<{ pass: number; fail: number; code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const title =
      engine === 'pure'
        ? 'pure tests (no storage), once'
        : engine === 'browser'
          ? 'browser journeys (Chromium against the server as npm start runs it), once'
          : `test suite on ${engine}`;
    process.stdout.write(`\n=== ${title} (${files.length} files) ===\n`);
    const child = spawn(
      process.execPath,
      ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
      {
        cwd: root,
        env: {
          ...process.env,
          TEST_ENGINE: engine === 'postgres' ? 'postgres' : 'sqlite',
          TEST_RUN_ID: runId,
          // Every test process loads the same modules: compiled once for the run, then read from the cache.
          NODE_COMPILE_CACHE: path.join(scratch, 'compile-cache'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let pass = 0;
    let fail = 0;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^ℹ (pass|fail|cancelled) (\d+)$/.exec(line.trim());
        if (m?.[1] === 'pass') pass = Number(m[2]);
        // A cancelled test (its hook failed, or it outlived its suite) did not pass: count it as failed.
        if (m?.[1] === 'fail' || m?.[1] === 'cancelled') fail += Number(m[2]);
      }
    });
    child.on('close', (code) =>
      resolve({ pass, fail, code: code ?? 1, seconds: Math.round((performance.now() - started) / 1000) }),
    );
  });
}

async function postgresReachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `! ${l.padEnd(width - 4)} !`).join('\n')}\n${bar}\n\n`);
}

const files =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : [...testFiles(path.join(root, 'src')), ...testFiles(path.join(root, 'test'))].sort();
/** Journeys in a real browser against the server as `npm start` runs it: a phase of their own, once. */
const isBrowserTest = (f: string) => f.startsWith(`test${path.sep}browser${path.sep}`);
const browserFiles = files.filter(isBrowserTest);
const storageFiles = files.filter((f) => !isBrowserTest(f) && usesStorage(f));
const pureFiles = files.filter((f) => !isBrowserTest(f) && !usesStorage(f));
// The browser journeys need Chromium: installed now if this machine allows, or nothing runs at all.
if (browserFiles.length > 0) {
  const chromium = ensureChromium();
  if (!chromium.ready) {
    banner([`Browser journeys CANNOT RUN: ${chromium.problem}.`, 'No test was run.']);
    rmSync(scratch, { recursive: true, force: true });
    process.exit(1);
  }
}
const results: Array<{ engine: string; pass: number; fail: number; code: number; seconds: number }> = [];
if (pureFiles.length > 0) results.push({ engine: 'pure', ...(await run('pure', pureFiles)) });
if (storageFiles.length > 0) results.push({ engine: 'sqlite', ...(await run('sqlite', storageFiles)) });

if (browserFiles.length > 0) {
  await buildWebIfStale();
  results.push({ engine: 'browser', ...(await run('browser', browserFiles)) });
}

const url = process.env.TEST_DATABASE_URL;
let skipped = false;
if (!url) {
  skipped = true;
  banner([
    'PostgreSQL suite NOT RUN: TEST_DATABASE_URL is not set.',
    'Only SQLite was tested. To test PostgreSQL too:',
    '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
  ]);
} else {
  const problem = await postgresReachable(url);
  if (problem) {
    banner([
      `PostgreSQL suite CANNOT RUN: ${problem}`,
      `TEST_DATABASE_URL=${url.replace(/:[^:@/]*@/, ':***@')}`,
    ]);
    results.push({ engine: 'postgres', pass: 0, fail: 1, code: 1, seconds: 0 });
  } else {
    if (storageFiles.length > 0)
      results.push({ engine: 'postgres', ...(await run('postgres', storageFiles)) });
    await dropRunSchemas(url);
  }
}

rmSync(scratch, { recursive: true, force: true });
const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail, 0);
const failedRun = results.some((r) => r.code !== 0);
process.stdout.write(
  `\n${results.map((r) => `${r.engine}: ${r.pass} passed, ${r.fail} failed (${r.seconds} s)`).join('; ')}\n`,
);
process.stdout.write(`${pass} passed, ${fail} failed\n`);
if (skipped && process.env.CI) {
  process.stderr.write('CI must run the PostgreSQL suite: set TEST_DATABASE_URL.\n');
  process.exit(1);
}
process.exit(failedRun || fail > 0 ? 1 : 0);
