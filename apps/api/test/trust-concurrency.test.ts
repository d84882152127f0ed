import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { expectTrustBooksBalanced, TRUST_BASE, trustCalls } from './support/trust-fixture.ts';

/**
 * Issue 16's proof: 100 concurrent disbursements against one ledger that can afford 10 → exactly 10
 * succeed and the balance is exactly zero. On the PostgreSQL server the requests truly race (each on
 * its own connection), and again across two app processes; PGlite has one connection, so there they
 * are serialised and the test checks the same arithmetic.
 */

let fixture: TimeEntryFixture;
let trust: ReturnType<typeof trustCalls>;
let ledger: { clientId: string; matterId: string };

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  trust = trustCalls(fixture);
  ledger = { clientId: fixture.references.openMatter.clientId, matterId: fixture.references.openMatter.id };
});
afterAll(() => fixture.context.close());
afterEach(() => expectTrustBooksBalanced(fixture.context.database, fixture.firm.firmId));

async function ledgerBalance(trustAccountId: string) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ balance: string; negative: number; movements: number }>(
      tx.execute(sql`select (select balance::text from trust_ledgers where trust_account_id = ${trustAccountId} and matter_id = ${ledger.matterId}) as balance,
        (select count(*)::int from trust_ledgers where balance < 0 or cleared_balance < 0) as negative,
        (select count(*)::int from trust_transactions where trust_account_id = ${trustAccountId} and type = 'disbursement') as movements`),
    ),
  );
  return row!;
}

const disbursement = (trustAccountId: string, index: number) => ({
  trustAccountId,
  clientId: ledger.clientId,
  matterId: ledger.matterId,
  amount: '1000.10',
  date: '2026-02-01',
  payee: `Courier ${index}`,
  purpose: 'Service of process',
});

describe(`concurrent disbursements (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server: real races' : 'PGlite: serialised'})`, () => {
  it('lets exactly 10 of 100 through when the ledger can afford 10; the balance ends at exactly zero', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, ledger, '10001.00');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => trust.call('POST', 'disburse', disbursement(account.id, index))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toMatch(/^Insufficient trust funds: .+ has ₦0\.00 on /);
    expect(await ledgerBalance(account.id)).toEqual({ balance: '0.00', negative: 0, movements: 10 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('across two app processes (PostgreSQL server)', () => {
  let child: ChildProcess;
  let childUrl: string;
  let dataDir: string;

  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-second-process-'));
    const port = await freePort();
    childUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: fixture.context.databaseUrl!,
        APP_SECRET: fixture.context.config.appSecret,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
      },
      stdio: 'ignore',
    });
    const until = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`${childUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > until) throw new Error('The second app process did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);
  afterAll(async () => {
    child?.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets exactly 10 of 100 through when half the requests go to another process', async () => {
    const account = await trust.createAccount();
    await trust.deposit(account.id, ledger, '10001.00');
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        if (index % 2 === 0) return (await trust.call('POST', 'disburse', disbursement(account.id, index))).statusCode;
        const response = await fetch(`${childUrl}${TRUST_BASE}/disburse`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fixture.tokens.admin}`, 'content-type': 'application/json' },
          body: JSON.stringify(disbursement(account.id, index)),
        });
        return response.status;
      }),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(10);
    expect(answers.filter((status) => status === 409)).toHaveLength(90);
    expect(await ledgerBalance(account.id)).toEqual({ balance: '0.00', negative: 0, movements: 10 });
  });
});
