// Runs the API suites against a PostgreSQL server: TEST_DATABASE_URL, or the local server.
// Each test file creates and drops its own database there; the files share a worker's modules, as in
// npm test (README).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--no-isolate'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
