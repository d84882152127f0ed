// Runs the API suites against a PostgreSQL server: TEST_DATABASE_URL, or the local server.
// Each test file creates and drops its own database there (a copy of one migrated template); as in
// npm test, the files share a worker's modules and run on every core (README). Arguments are passed on.
import { runOnAllCores } from './vitest-on-all-cores.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const passed = await runOnAllCores('api on PostgreSQL', ['--project', 'api', '--no-isolate', ...process.argv.slice(2)], {
  ...process.env,
  TEST_DATABASE_URL: url,
});
process.exit(passed ? 0 : 1);
