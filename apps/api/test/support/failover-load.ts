import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.ts';
import { connectionOptionsOf } from '../../src/db/multi-host.ts';
import type { SeededFirm } from '../../src/seed/demo-seed.ts';
import { issueFlatFeeInvoice } from './issued-invoice.ts';
import { bearer, signIn } from './test-app.ts';
import { findFirmReferences, type TimeEntryFixture } from './time-entry-fixtures.ts';

/**
 * The writes of a failover drill, sent over real HTTP at a steady rate: time entries, invoice
 * payments, trust deposits and trust disbursements in turn, each carrying a tag of its own (in its
 * description, reference or payee) so that every write the API acknowledged can be looked for after.
 */
export type WriteKind = 'time entry' | 'payment' | 'deposit' | 'disbursement';
/** status 0: no HTTP answer at all (`failure` says why). */
export type WriteAnswer = {
  kind: WriteKind;
  tag: string;
  status: number;
  retryAfter: string | null;
  sentAt: number;
  answeredAt: number;
  failure?: string;
};

type Ledger = { clientId: string; matterId: string };
export type DrillTargets = {
  token: string;
  adminId: string;
  activityId: string;
  ledger: Ledger;
  trustAccountId: string;
  invoiceIds: string[];
};

const KINDS: WriteKind[] = ['time entry', 'payment', 'deposit', 'disbursement'];

/** A trust account holding funds for a matter, and a few large invoices to pay small amounts on. */
export async function prepareDrillTargets(app: FastifyInstance, database: Database, firm: SeededFirm): Promise<DrillTargets> {
  const token = await signIn(app, firm.users.admin.email);
  const references = await findFirmReferences(database, firm.firmId);
  const ledger = references.openMatter;
  const call: TimeEntryFixture['call'] = (method, url, callToken, payload, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(callToken), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const account = await call('POST', '/api/admin/trust-account/create-trust-account', token, {
    name: 'Client account (failover drill)',
    bankName: 'Zenith Bank',
    accountNumber: '1099000001',
  });
  if (account.statusCode !== 201) throw new Error(`Trust account not created: ${account.body}`);
  const trustAccountId = account.json().data.id as string;
  const fixture = { call, tokens: { admin: token }, firm, context: { database } } as unknown as TimeEntryFixture;
  const invoiceIds: string[] = [];
  for (let index = 0; index < 4; index += 1)
    invoiceIds.push(
      (await issueFlatFeeInvoice(fixture, { amount: '10000000.00', matter: { id: ledger.id, clientId: ledger.clientId } })).id,
    );
  return {
    token,
    adminId: firm.users.admin.id,
    activityId: references.activityIds[0]!,
    ledger: { clientId: ledger.clientId, matterId: ledger.id },
    trustAccountId,
    invoiceIds,
  };
}

function requestOf(targets: DrillTargets, kind: WriteKind, tag: string, index: number): { path: string; body: object } {
  const { ledger } = targets;
  switch (kind) {
    case 'time entry':
      return {
        path: '/api/admin/time-entry',
        body: {
          clientId: ledger.clientId,
          matterId: ledger.matterId,
          activityId: targets.activityId,
          isBillable: 4,
          timeEntryUserId: targets.adminId,
          description: tag,
          timeEntryDate: '2026-02-02',
          duration: '0.1',
          userRate: '80000.00',
          exchangeRate: '1',
        },
      };
    case 'payment':
      return {
        path: `/api/admin/invoice/record-payment/${targets.invoiceIds[index % targets.invoiceIds.length]}`,
        body: { amount: '1.00', paymentDate: '2026-02-02', method: 'Bank transfer', reference: tag },
      };
    case 'deposit':
      return {
        path: '/api/admin/trust-account/deposit',
        body: {
          ...ledger,
          trustAccountId: targets.trustAccountId,
          amount: '30.00',
          depositDate: '2026-02-02',
          method: 'Bank transfer',
          reference: tag,
        },
      };
    case 'disbursement':
      // More than a deposit brings in, now and then: the ledger runs dry and a refusal (409) must leave it at or above zero.
      return {
        path: '/api/admin/trust-account/disburse',
        body: {
          ...ledger,
          trustAccountId: targets.trustAccountId,
          amount: index % 8 === 3 ? '95.00' : '20.00',
          date: '2026-02-02',
          payee: tag,
          purpose: 'Filing fees',
        },
      };
  }
}

/**
 * Sends `perSecond` writes a second, spread over 20 ticks a second and over the firms (a firm's
 * writes queue on its audit chain, and its trust movements on its account: one firm alone is not
 * what 200 writes a second look like), until `isDone()`; waits for every answer. A write still
 * unanswered is not acknowledged, so it counts only once answered.
 */
export async function driveWrites(
  baseUrl: string,
  firms: DrillTargets[],
  { perSecond, isDone, onAnswer }: { perSecond: number; isDone(): boolean; onAnswer?(answer: WriteAnswer): void },
): Promise<WriteAnswer[]> {
  const answers: Promise<WriteAnswer>[] = [];
  const perTick = perSecond / 20;
  const started = Date.now();
  let sent = 0;
  const send = async (index: number): Promise<WriteAnswer> => {
    const kind = KINDS[index % KINDS.length]!;
    const targets = firms[Math.floor(index / KINDS.length) % firms.length]!;
    const tag = `drill-${index}-${kind.replace(' ', '-')}`;
    const { path, body } = requestOf(targets, kind, tag, Math.floor(index / KINDS.length / firms.length));
    const sentAt = Date.now();
    let failure: string | undefined;
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...bearer(targets.token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch((error: Error & { cause?: { code?: string; message?: string } }) => {
      failure = `${error.message}: ${error.cause?.code ?? error.cause?.message ?? ''}`;
      return null;
    });
    await response?.arrayBuffer().catch(() => undefined);
    const answer = {
      kind,
      tag,
      status: response?.status ?? 0,
      retryAfter: response?.headers.get('retry-after') ?? null,
      sentAt,
      answeredAt: Date.now(),
      failure,
    };
    onAnswer?.(answer);
    return answer;
  };
  while (!isDone()) {
    // On schedule whatever the answers take: a slow tick sends what it owes on the next.
    const owed = Math.floor(((Date.now() - started) / 1000) * perSecond) + perTick - sent;
    for (let count = 0; count < owed; count += 1) answers.push(send(sent++));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Promise.all(answers);
}

/** The tags of acknowledged writes that are not in the database (must be none), read from the primary. */
export async function findLostWrites(databaseUrl: string, answers: WriteAnswer[]): Promise<string[]> {
  const acknowledged = answers.filter((answer) => answer.status >= 200 && answer.status < 300).map((answer) => answer.tag);
  const { connectionString, Client } = connectionOptionsOf(databaseUrl);
  const client = new Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ tag: string }>(
      `select tag from unnest($1::text[]) as tag
       where not exists (select 1 from time_entries where description = tag)
         and not exists (select 1 from invoice_payments where reference = tag)
         and not exists (select 1 from trust_transactions where reference = tag or counterparty = tag)`,
      [acknowledged],
    );
    return rows.map((row) => row.tag);
  } finally {
    await client.end();
  }
}

/** Trust ledgers below zero (must be none). */
export async function countNegativeTrustLedgers(databaseUrl: string): Promise<number> {
  const { connectionString, Client } = connectionOptionsOf(databaseUrl);
  const client = new Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from trust_ledgers where balance < 0 or cleared_balance < 0 or cleared_balance > balance',
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}
