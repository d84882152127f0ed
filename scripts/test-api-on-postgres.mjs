// Runs the API suites against a PostgreSQL server: TEST_DATABASE_URL, or the local server.
// Each test file creates and drops its own database there.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Without per-file isolation: every file builds its own app and database, so the files share one
// worker's imported modules instead of importing the whole API again each (10.2 min became 5.2).
// Not in `npm test`: there the unit step took 22 min with it, its wall time near the sum of its
// files' times, as if in one worker.
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--no-isolate'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
