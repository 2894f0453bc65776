/**
 * `npm run fuzz`: the fuzz suites (schema-driven over every operation; inside the admin imports' files),
 * longer than in `npm test` and with a new seed each run
 * (printed; `FUZZ_SEED=N npm run fuzz` repeats a run), on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '300';
process.stdout.write(`fuzz: seed ${seed}, ${runs} runs per operation (FUZZ_SEED=${seed} repeats it)\n`);
const result = spawnSync(
  process.execPath,
  [
    path.join(import.meta.dirname, 'run-tests.ts'),
    'test/fuzz/api-fuzz.test.ts',
    'test/fuzz/import-fuzz.test.ts',
  ],
  { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
process.exit(result.status ?? 1);
