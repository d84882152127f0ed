// The full failover drill (README, "Losing the database server"): a pg_auto_failover primary and
// synchronous standby of its own, the API on their multi-host DATABASE_URL, 200 writes a second
// (time entries, invoice payments, trust deposits and disbursements) for 10 s, then the primary is
// killed and the drill goes on until the promoted standby has taken writes for 10 s more. Run with
// pg_auto_failover's production timeouts, so the time without a primary it prints is the one to
// expect in production. CI runs the same test shorter (apps/api/test/failover.test.ts).
// Needs Debian's postgresql-15-auto-failover and root (the servers run as the postgres user).
// Options: --rate=<writes a second> --seconds=<before the kill and after the promotion> --fast
// (the CI timeouts).
import { spawnSync } from 'node:child_process';

const option = (name, fallback) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'apps/api/test/failover.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    FAILOVER_DRILL_RATE: option('rate', '200'),
    FAILOVER_DRILL_SECONDS: option('seconds', '10'),
    FAILOVER_DRILL_DEFAULT_TIMEOUTS: process.argv.includes('--fast') ? '0' : '1',
  },
});
process.exit(result.status ?? 1);
