// npm run test:unit: the API suites on PGlite, the shared schemas' and the web's component tests in
// one Vitest run without per-file isolation, on every core (vitest-on-all-cores.mjs). The queue takes
// the API files first, then the others, so a worker that finishes the API files starts on the web's
// while the other is still on its last API file. Arguments are passed on (file filters, reporters).
import { runOnAllCores } from './vitest-on-all-cores.mjs';

const passed = await runOnAllCores('unit', [
  '--project',
  'api',
  '--project',
  'shared',
  '--project',
  'web',
  '--no-isolate',
  ...process.argv.slice(2),
]);
process.exit(passed ? 0 : 1);
