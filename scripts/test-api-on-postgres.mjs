// Runs the API suites against a PostgreSQL server: TEST_DATABASE_URL, or the local server.
// Each test file creates and drops its own database there; as in npm test, the files share a
// worker's modules and run as one shard per core (README).
import { runInShards } from './vitest-shards.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const passed = await runInShards('api on PostgreSQL', ['--project', 'api', '--no-isolate'], { ...process.env, TEST_DATABASE_URL: url });
process.exit(passed ? 0 : 1);
