/** What the benchmarks share: a server in a child process, and autocannon runs written up as a table. */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { City } from './distinct-questions.ts';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Starts a server script that prints one JSON line when it listens, and answers IPC messages. */
export async function startServer<T>(script: string, env: NodeJS.ProcessEnv = process.env) {
  const child = fork(script, [], { env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const started: T = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
  return {
    started,
    ask: <R>(message: object) =>
      new Promise<R>((resolve) => {
        child.once('message', (m: R) => resolve(m));
        child.send(message);
      }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** A load of distinct hotel city stays for `load-apart.ts` to send. */
export interface ApartLoad {
  url: string;
  headers: Record<string, string>;
  /** The day the questions' dates count from. */
  start: string;
  cities: City[];
  seed: number;
  connections: number;
  duration: number;
}

/** Runs `load-apart.ts` in a process of its own and gives its autocannon result. */
export function loadApart(load: ApartLoad): Promise<autocannon.Result> {
  const child = fork(path.join(import.meta.dirname, 'load-apart.ts'), [JSON.stringify(load)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as autocannon.Result)
        : reject(new Error(`load-apart exited with ${code}`)),
    ),
  );
}

/**
 * Autocannon options that POST a new body on every request, from `next` (a seeded sequence of
 * questions nobody asked before: `distinct-questions.ts`), so no answer can come from memory.
 */
export function distinctRequests(
  url: string,
  headers: Record<string, string>,
  next: () => object,
): autocannon.Options {
  return {
    url,
    method: 'POST',
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(next()) }) }],
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs scenarios one after another; the first is the baseline of the ratio column. */
export function createRecorder() {
  const rows: Row[] = [];
  /** A scenario's result recorded as a row (one run here, or elsewhere: `loadApart`). */
  function add(name: string, r: autocannon.Result): Row {
    const row = {
      name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    };
    rows.push(row);
    process.stdout.write(
      `${name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}\n`,
    );
    return row;
  }
  /** Runs one scenario (at full tilt, or at `overallRate` requests a second) and returns its row. */
  async function measure(name: string, options: autocannon.Options): Promise<Row> {
    return add(name, await autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }));
  }
  // Plain functions, not methods: a scenario may take `measure` off the recorder and call it alone.
  return {
    measure,
    add,
    /** The same scenario again at half the rate it reached, for its latency under a steady load. */
    measureAtHalf(name: string, options: autocannon.Options, full: Row): Promise<Row> {
      return measure(`${name} at half that rate (${Math.round(full.rps / 2)} req/s)`, {
        ...options,
        overallRate: Math.max(1, Math.round(full.rps / 2)),
      });
    },
    /** Prints the table and notes, writes them to bench/results/FILE, and fails on any failed request. */
    report(file: string, notes: string): void {
      const base = rows[0]!;
      // A search is also compared with the static route serving its own bytes, measured just before it.
      const vsStatic = (r: Row, i: number) => {
        const before = rows[i - 1];
        return before?.name.startsWith('static bytes') ? (r.rps / before.rps).toFixed(3) : '';
      };
      const table = [
        '| scenario | req/s | vs hello-world | vs its static bytes | p50 ms | p99 ms | errors / non-2xx |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...rows.map(
          (r, i) =>
            `| ${r.name} | ${Math.round(r.rps)} | ${(r.rps / base.rps).toFixed(3)} | ${vsStatic(r, i)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.non2xx} |`,
        ),
      ].join('\n');
      const summary = `${table}\n\n${notes} ${CONNECTIONS} connections, ${DURATION} s per scenario.\n`;
      process.stdout.write(`\n${summary}`);
      const dir = path.join(import.meta.dirname, 'results');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, file), summary);
      if (rows.some((r) => r.errors > 0 || r.non2xx > 0)) {
        process.stderr.write('Some requests failed during the benchmark; the figures are not valid.\n');
        process.exitCode = 1;
      }
    },
  };
}
