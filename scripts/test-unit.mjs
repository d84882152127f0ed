// npm run test:unit: the API suites on PGlite, then the shared schemas' and the web's component
// tests, each without per-file isolation and split across the cores (vitest-shards.mjs).
import { runInShards } from './vitest-shards.mjs';

const api = await runInShards('api', ['--project', 'api', '--no-isolate']);
// Worker threads start a file faster than forked processes for the jsdom tests.
const web = await runInShards('web', ['--project', 'shared', '--project', 'web', '--no-isolate', '--pool=threads']);
process.exit(api && web ? 0 : 1);
