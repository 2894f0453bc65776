import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dropPostgresSchema } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/itinera.js');
const postgres =
  testEngine() === 'postgres'
    ? {
        url: process.env.TEST_DATABASE_URL!,
        schema: `t_${process.env.TEST_RUN_ID ?? 'solo'}_workers_${randomBytes(4).toString('hex')}`,
      }
    : undefined;

/** A request on a connection of its own (a pooled one may be to a worker just killed). */
function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The pids of a process's children. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

describe('serving from several worker processes (WORKERS)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'itinera-workers-'));
  let server: ChildProcess;
  let out = '';
  let err = '';
  let base = '';
  before(async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    base = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: '2',
      DEMO_PRESET: 'S',
      DEMO_ACCOUNTS: 'always',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres?.url,
      DATABASE_SCHEMA: postgres?.schema,
    };
    if (!postgres) delete env.DATABASE_URL;
    if (!postgres) delete env.DATABASE_SCHEMA;
    server = spawn(process.execPath, [bin, 'serve'], { env });
    server.stdout!.on('data', (d) => {
      out += d;
    });
    server.stderr!.on('data', (d) => {
      err += d;
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', () => {
        if (out.includes('(2 workers on one port)')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
  });
  after(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres && !process.env.TEST_RUN_ID) await dropPostgresSchema(postgres.url, postgres.schema);
  });

  const token = async () => {
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
    const res = await call(`${base}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: demo.client_id,
        username: demo.customer.username,
        password: demo.customer.password,
      }).toString(),
    });
    assert.equal(res.status, 200, res.body);
    return (JSON.parse(res.body) as { access_token: string }).access_token;
  };
  const places = async (auth: string) =>
    (await call(`${base}/b2c/places?q=lon&limit=1`, { headers: { authorization: `Bearer ${auth}` } })).status;

  it('prepares the database once, then serves from two processes on one port', async () => {
    assert.equal(out.match(/Itinera is serving on/g)?.length, 1, 'one banner');
    // It names the demo accounts and where their passwords are, and prints none of them (output ends in logs).
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
    assert.match(out, /demo-customer/);
    assert.match(out, /demo-credentials\.json/);
    for (const who of ['customer', 'agent', 'admin'])
      assert.ok(!out.includes(demo[who].password), `the ${who}'s password is not printed`);
    assert.equal(childrenOf(server.pid!).length, 2, 'two workers');
    const auth = await token();
    const answers = await Promise.all(Array.from({ length: 20 }, () => places(auth)));
    assert.deepEqual(new Set(answers), new Set([200]));
  });

  it('starts another worker when one dies and serves on, and stops them all on SIGTERM', async () => {
    const [first, second] = childrenOf(server.pid!);
    process.kill(first!, 'SIGKILL');
    const replaced = () => {
      const now = childrenOf(server.pid!);
      return !now.includes(first!) && now.some((p) => p !== second);
    };
    // The supervisor says so before it starts the new one; its words may reach this process a little later.
    const said = () => /a worker stopped .*starting another/.test(err);
    for (let i = 0; i < 200 && !(replaced() && said()); i++) await new Promise((r) => setTimeout(r, 50));
    const now = childrenOf(server.pid!);
    assert.equal(now.length, 2);
    assert.ok(now.includes(second!) && !now.includes(first!), 'a new one in place of the dead one');
    assert.match(err, /a worker stopped .*starting another/);
    const auth = await token();
    const answers = await Promise.all(Array.from({ length: 10 }, () => places(auth)));
    assert.deepEqual(new Set(answers), new Set([200]));
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.deepEqual(childrenOf(server.pid!), []);
  });
});
