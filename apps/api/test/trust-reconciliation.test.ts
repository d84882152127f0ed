import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { clearDeposit, createTrustAccount, insertMovement, type MovementInput } from './support/trust-reconciliation-fixture.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

const base = '/api/admin/trust-account';
let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; billing: string; feeEarner: string; otherAdmin: string };

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    billing: await signIn(context.app, firm.users.billing.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
});
afterAll(() => context.close());

const call = (method: 'GET' | 'POST', url: string, token = tokens.admin, payload?: unknown) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

type Reconciliation = {
  ledgerBalance: string;
  clientLedgersTotal: string;
  ledgerToClientsDifference: string;
  bankBalance: string | null;
  bankBalanceDate: string | null;
  adjustedBankBalance: string | null;
  bankDifference: string | null;
  hasBankBalance: boolean;
  isBalanced: boolean;
  unclearedDeposits: { total: string; count: number; items: { transactionId: string; amount: string }[] };
  unpresentedPayments: { total: string; count: number; items: { transactionId: string; amount: string }[] };
  unmatchedLines: { total: string; count: number; items: { id: string; amount: string; description: string }[] };
  clientLedgers: { data: { clientId: string; clientName: string; balance: string }[]; totalCount: number };
  lastSignedOffPeriodEnd: string | null;
};

async function reconciliation(trustAccountId: string, asOf: string, token = tokens.admin): Promise<Reconciliation> {
  const response = await call('GET', `${base}/get-reconciliation?trustAccountId=${trustAccountId}&asOf=${asOf}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const move = (input: Omit<MovementInput, 'clientId'> & { clientId?: string }) =>
  insertMovement(context.database, firm, { clientId: firm.otherClientId, ...input });

const recordBalance = (trustAccountId: string, balanceDate: string, balance: string, token = tokens.admin) =>
  call('POST', `${base}/record-bank-balance/${trustAccountId}`, token, { balanceDate, balance });

function multipart(fileName: string, content: string, fields: Record<string, string> = {}) {
  const boundary = `----matterhorn${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('') + head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importCsv = (trustAccountId: string, csv: string, token = tokens.admin, fields: Record<string, string> = {}) => {
  const body = multipart('statement.csv', csv, fields);
  return context.app.inject({
    method: 'POST',
    url: `${base}/import-bank-statement/${trustAccountId}`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
};

/** The account's statements, lines and reconciliations: what a refused call must leave as it was. */
const snapshot = (trustAccountId: string) =>
  context.database.withFirm(firm.firmId, async (tx) => {
    const [row] = await rowsOf<Record<string, number>>(
      tx.execute(sql`select
        (select count(*)::int from trust_bank_statements where trust_account_id = ${trustAccountId}) as statements,
        (select count(*)::int from trust_statement_lines where trust_account_id = ${trustAccountId}) as lines,
        (select count(matched_transaction_id)::int from trust_statement_lines where trust_account_id = ${trustAccountId}) as matched,
        (select count(*)::int from trust_reconciliations where trust_account_id = ${trustAccountId}) as reconciliations`),
    );
    return row!;
  });

describe('three-way reconciliation', () => {
  it('agrees after deposits: the journal, the client ledgers and the bank balance', async () => {
    const account = await createTrustAccount(context.database, firm);
    await move({ trustAccountId: account, type: 'deposit', amount: '1000.00', date: '2026-03-02' });
    await move({ trustAccountId: account, clientId: firm.portalClient.clientId, type: 'deposit', amount: '500.50', date: '2026-03-03' });
    await move({ trustAccountId: account, type: 'deposit', amount: '250.00', date: '2026-03-20' });

    const before = await reconciliation(account, '2026-03-10');
    expect(before).toMatchObject({
      ledgerBalance: '1500.50',
      clientLedgersTotal: '1500.50',
      ledgerToClientsDifference: '0.00',
      hasBankBalance: false,
      bankBalance: null,
      isBalanced: true,
    });
    expect(before.clientLedgers.totalCount).toBe(2);
    expect(before.clientLedgers.data.map((row) => row.balance).sort()).toEqual(['1000.00', '500.50']);

    expect((await recordBalance(account, '2026-03-10', '1500.50')).statusCode).toBe(201);
    const withBank = await reconciliation(account, '2026-03-10');
    expect(withBank).toMatchObject({ bankBalance: '1500.50', adjustedBankBalance: '1500.50', bankDifference: '0.00', isBalanced: true });

    // As of the end of March the later deposit is on the books but not in the 10 March balance: itemised, still agreeing.
    const later = await reconciliation(account, '2026-03-31');
    expect(later).toMatchObject({ ledgerBalance: '1750.50', bankBalance: '1500.50', adjustedBankBalance: '1750.50', isBalanced: true });
    expect(later.unclearedDeposits).toMatchObject({ total: '250.00', count: 1 });

    // A bank balance that does not explain the books disagrees, and says by how much.
    expect((await recordBalance(account, '2026-03-11', '1400.50')).statusCode).toBe(201);
    expect(await reconciliation(account, '2026-03-11')).toMatchObject({ bankDifference: '-100.00', isBalanced: false });
  });

  it('reconciles movements made through the trust core: neither a transfer nor a cheque that bounced before clearing reaches the bank', async () => {
    const created = await call('POST', `${base}/create-trust-account`, tokens.admin, {
      name: `Core account ${randomUUID().slice(0, 6)}`,
      bankName: 'GTBank',
      accountNumber: '0011223344',
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json().data.id as string;
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await call('POST', `${base}/${path}`, tokens.admin, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    const ledger = { clientId: firm.otherClientId, matterId: null };
    await post('deposit', {
      trustAccountId: account,
      ...ledger,
      amount: '1000',
      depositDate: '2026-09-01',
      method: 'Bank transfer',
      reference: 'TRF-1',
    });
    const cheque = await post('deposit', {
      trustAccountId: account,
      ...ledger,
      amount: '400',
      depositDate: '2026-09-02',
      method: 'Cheque',
      reference: 'CHQ-9',
      isCleared: false,
    });
    await post('transfer', {
      trustAccountId: account,
      fromClientId: firm.otherClientId,
      toClientId: firm.portalClient.clientId,
      amount: '250',
      date: '2026-09-03',
      reason: 'Costs shared on the joint matter',
      consentNote: 'Both clients agreed in writing on 2 September',
    });
    const paid = await post('disburse', {
      trustAccountId: account,
      ...ledger,
      amount: '100',
      date: '2026-09-04',
      payee: 'Lagos State Lands Registry',
      purpose: 'Search fee',
    });
    const reversal = await call('POST', `${base}/reverse-transaction/${cheque.id}`, tokens.admin, {
      reason: 'The cheque bounced',
      date: '2026-09-05',
    });
    expect(reversal.statusCode, reversal.body).toBe(201);
    await recordBalance(account, '2026-09-06', '1000.00');

    const result = await reconciliation(account, '2026-09-06');
    expect(result).toMatchObject({ ledgerBalance: '900.00', clientLedgersTotal: '900.00', isBalanced: false });
    // No statement covers September: the payment is taken to have left on its date, and the bank's 1,000 is 100 over.
    expect(result.bankDifference).toBe('100.00');
    // The cheque bounced before it cleared: neither it nor its reversal reached the bank; nor did the transfer.
    expect(result.unclearedDeposits).toMatchObject({ total: '0.00', count: 0 });
    expect(result.unpresentedPayments).toMatchObject({ total: '0.00', count: 0 });
    expect(result.clientLedgers.data.map((row) => row.balance).sort()).toEqual(['250.00', '650.00']);

    // With the statement imported, the payment is matched and everything agrees.
    const csv = 'date,description,amount,balance\n2026-09-01,TRF-1 in,1000.00,1000.00\n2026-09-04,Registry search,-100.00,900.00\n';
    expect((await importCsv(account, csv, tokens.admin, { statementDate: '2026-09-06' })).json().data).toMatchObject({
      matchedCount: 2,
      unmatchedCount: 0,
    });
    const agreed = await reconciliation(account, '2026-09-06');
    expect(agreed).toMatchObject({ bankBalance: '900.00', adjustedBankBalance: '900.00', isBalanced: true });
    expect(agreed.unpresentedPayments.items.map((item) => item.transactionId)).not.toContain(paid.transaction?.id ?? paid.id);
  });

  it('itemises an uncleared deposit until its clearance date', async () => {
    const account = await createTrustAccount(context.database, firm);
    await move({ trustAccountId: account, type: 'deposit', amount: '1000.00', date: '2026-04-01' });
    const cheque = await move({ trustAccountId: account, type: 'deposit', amount: '300.00', date: '2026-04-02', isCleared: false });
    await recordBalance(account, '2026-04-05', '1000.00');

    const uncleared = await reconciliation(account, '2026-04-05');
    expect(uncleared.unclearedDeposits).toMatchObject({ total: '300.00', count: 1 });
    expect(uncleared.unclearedDeposits.items[0]!.transactionId).toBe(cheque);
    expect(uncleared).toMatchObject({ ledgerBalance: '1300.00', adjustedBankBalance: '1300.00', isBalanced: true });

    await clearDeposit(context.database, firm, cheque, '2026-04-07');
    await recordBalance(account, '2026-04-08', '1300.00');
    expect((await reconciliation(account, '2026-04-05')).unclearedDeposits.count).toBe(1);
    const cleared = await reconciliation(account, '2026-04-08');
    expect(cleared.unclearedDeposits.count).toBe(0);
    expect(cleared.isBalanced).toBe(true);
  });

  it('imports a statement, matches lines by amount, date and reference, and itemises the rest', async () => {
    const account = await createTrustAccount(context.database, firm);
    const deposit = await move({ trustAccountId: account, type: 'deposit', amount: '5000.00', date: '2026-05-01', reference: 'TRF-88' });
    const cheque = await move({
      trustAccountId: account,
      type: 'disbursement',
      amount: '1200.00',
      date: '2026-05-03',
      reference: 'CHQ-1001',
    });
    const sameAmount = await move({
      trustAccountId: account,
      type: 'disbursement',
      amount: '1200.00',
      date: '2026-05-04',
      reference: 'CHQ-1002',
    });
    const unpresented = await move({ trustAccountId: account, type: 'refund', amount: '300.00', date: '2026-05-09' });
    // A transfer between two ledgers of the account never reaches the bank: neither leg is an item.
    const transferId = randomUUID();
    await move({ trustAccountId: account, type: 'transfer-out', amount: '100.00', date: '2026-05-05', transferId });
    await move({
      trustAccountId: account,
      clientId: firm.portalClient.clientId,
      type: 'transfer-in',
      amount: '100.00',
      date: '2026-05-05',
      transferId,
    });

    const csv = [
      'Date,Description,Amount,Balance',
      '2026-05-02,Transfer in TRF-88,"5,000.00",5000.00',
      // The reference names the second cheque although the first is nearer in date.
      '04/05/2026,Cheque chq-1002 presented,-1200.00,3800.00',
      '2026-05-06,Cheque,-1200.00,2600.00',
      '2026-05-10,Bank charge,(15.00),2585.00',
    ].join('\n');
    const response = await importCsv(account, csv);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      statementDate: '2026-05-10',
      closingBalance: '2585.00',
      lineCount: 4,
      matchedCount: 3,
      unmatchedCount: 1,
    });

    const lines = (await call('GET', `${base}/get-statement-lines?trustAccountId=${account}&size=50`)).json().data;
    const matchedTo = Object.fromEntries(
      lines.data.map((line: { description: string; matchedTransaction: { transactionId: string } | null; matchKind: string | null }) => [
        line.description,
        line.matchedTransaction?.transactionId ?? null,
      ]),
    );
    expect(matchedTo).toEqual({
      'Transfer in TRF-88': deposit,
      'Cheque chq-1002 presented': sameAmount,
      Cheque: cheque,
      'Bank charge': null,
    });
    const unmatchedOnly = (await call('GET', `${base}/get-statement-lines?trustAccountId=${account}&IsUnmatchedOnly=true`)).json().data;
    expect(unmatchedOnly.totalCount).toBe(1);

    const result = await reconciliation(account, '2026-05-10');
    expect(result.unpresentedPayments).toMatchObject({ total: '300.00', count: 1 });
    expect(result.unpresentedPayments.items[0]!.transactionId).toBe(unpresented);
    expect(result.unmatchedLines).toMatchObject({ total: '-15.00', count: 1 });
    expect(result.unclearedDeposits.count).toBe(0);
    // 2585 + 0 − 300 − (−15) = 2300 = 5000 − 1200 − 1200 − 300
    expect(result).toMatchObject({
      ledgerBalance: '2300.00',
      clientLedgersTotal: '2300.00',
      adjustedBankBalance: '2300.00',
      isBalanced: true,
    });
  });

  it('matches by hand only a movement of the same account, amount and sign; unmatches', async () => {
    const account = await createTrustAccount(context.database, firm);
    const otherAccount = await createTrustAccount(context.database, firm);
    await move({ trustAccountId: account, type: 'deposit', amount: '800.00', date: '2026-06-01' });
    const payment = await move({ trustAccountId: account, type: 'disbursement', amount: '250.00', date: '2026-06-20' });
    const small = await move({ trustAccountId: account, type: 'disbursement', amount: '200.00', date: '2026-06-02' });
    const elsewhere = await move({ trustAccountId: otherAccount, type: 'deposit', amount: '250.00', date: '2026-06-02' });
    const csv = 'date,description,amount,balance\n2026-06-01,Deposit,800.00,800.00\n2026-06-02,Payee ltd,-250.00,550.00\n';
    expect((await importCsv(account, csv)).json().data.matchedCount).toBe(1);
    const lines = (await call('GET', `${base}/get-statement-lines?trustAccountId=${account}&IsUnmatchedOnly=true`)).json().data;
    const lineId = lines.data[0].id as string;
    const before = await snapshot(account);

    const wrongAmount = await call('POST', `${base}/match-statement-line/${lineId}`, tokens.admin, { transactionId: small });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().message).toBe('The amounts differ: the bank line is -₦250.00 and the trust movement is -₦200.00');
    const otherAccountMatch = await call('POST', `${base}/match-statement-line/${lineId}`, tokens.admin, { transactionId: elsewhere });
    expect(otherAccountMatch.statusCode).toBe(400);
    expect(otherAccountMatch.json().message).toBe('The trust movement is in another trust account');
    expect((await call('POST', `${base}/match-statement-line/${lineId}`, tokens.billing, { transactionId: payment })).statusCode).toBe(403);
    expect(await snapshot(account)).toEqual(before);

    const candidates = (await call('GET', `${base}/get-match-candidates?lineId=${lineId}`)).json().data;
    expect(candidates.map((row: { transactionId: string }) => row.transactionId)).toEqual([payment]);
    const matched = await call('POST', `${base}/match-statement-line/${lineId}`, tokens.admin, { transactionId: payment });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().data).toMatchObject({ matchKind: 'manual', matchedTransaction: { transactionId: payment, amount: '250.00' } });
    expect((await call('POST', `${base}/match-statement-line/${lineId}`, tokens.admin, { transactionId: payment })).statusCode).toBe(409);

    const unmatched = await call('POST', `${base}/unmatch-statement-line/${lineId}`);
    expect(unmatched.statusCode).toBe(200);
    expect(unmatched.json().data.matchedTransaction).toBeNull();
    const events = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${lineId} order by id`)),
    );
    expect(events.map((event) => event.action)).toEqual(['trustReconciliation.lineMatched', 'trustReconciliation.lineUnmatched']);
  });

  it('signs off only a period that agrees; the database then refuses a movement dated in it', async () => {
    const account = await createTrustAccount(context.database, firm);
    await move({ trustAccountId: account, type: 'deposit', amount: '900.00', date: '2026-07-01' });
    const noBank = await call('POST', `${base}/sign-off-reconciliation/${account}`, tokens.admin, { periodEnd: '2026-07-31' });
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().message).toMatch(/bank statement or record the bank’s balance/);

    await recordBalance(account, '2026-07-31', '850.00');
    const before = await snapshot(account);
    const disagreeing = await call('POST', `${base}/sign-off-reconciliation/${account}`, tokens.admin, {
      periodEnd: '2026-07-31',
      note: 'July',
    });
    expect(disagreeing.statusCode).toBe(400);
    expect(disagreeing.json().message).toBe(
      'The reconciliation does not agree as of that date: resolve the differences before signing off',
    );
    expect(await snapshot(account)).toEqual(before);
    expect((await call('POST', `${base}/sign-off-reconciliation/${account}`, tokens.billing, { periodEnd: '2026-07-31' })).statusCode).toBe(
      403,
    );

    await recordBalance(account, '2026-07-31', '900.00');
    const signed = await call('POST', `${base}/sign-off-reconciliation/${account}`, tokens.admin, {
      periodEnd: '2026-07-31',
      note: 'July agreed',
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().data).toMatchObject({
      periodEnd: '2026-07-31',
      ledgerBalance: '900.00',
      bankBalance: '900.00',
      note: 'July agreed',
    });
    expect((await call('POST', `${base}/sign-off-reconciliation/${account}`, tokens.admin, { periodEnd: '2026-07-15' })).statusCode).toBe(
      409,
    );

    const history = (await call('GET', `${base}/get-reconciliations?trustAccountId=${account}`, tokens.billing)).json().data;
    expect(history.totalCount).toBe(1);
    expect(history.data[0]).toMatchObject({ periodEnd: '2026-07-31', signedOffByUserId: firm.users.admin.id });
    expect((await reconciliation(account, '2026-08-01')).lastSignedOffPeriodEnd).toBe('2026-07-31');

    // The lock is the database's, whatever inserts the row; the core's calls map it to a 4xx.
    await expect(move({ trustAccountId: account, type: 'deposit', amount: '10.00', date: '2026-07-31' })).rejects.toThrow();
    const refusal = await move({ trustAccountId: account, type: 'deposit', amount: '10.00', date: '2026-07-15' }).catch(
      (error: { cause?: { message?: string }; message: string }) => error.cause?.message ?? error.message,
    );
    expect(refusal).toMatch(/on or before 2026-07-31 are in a signed-off reconciliation/);
    await move({ trustAccountId: account, type: 'deposit', amount: '10.00', date: '2026-08-01' });
    // Through the trust core's call, the lock is a refusal in words.
    const deposit = (depositDate: string) =>
      call('POST', `${base}/deposit`, tokens.admin, {
        trustAccountId: account,
        clientId: firm.otherClientId,
        matterId: null,
        amount: '25.00',
        depositDate,
        method: 'Bank transfer',
        reference: 'LATE-1',
      });
    const refused = await deposit('2026-07-20');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This date is in a signed-off trust reconciliation period: date the movement after it');
    expect((await deposit('2026-08-02')).statusCode).toBe(201);
    // Nor may a bank balance or a match inside the signed-off period change it afterwards.
    expect((await recordBalance(account, '2026-07-30', '1.00')).statusCode).toBe(409);
  });

  it("answers 404 for another firm's account or line, and refuses members without the permission", async () => {
    const account = await createTrustAccount(context.database, firm);
    const paths = [
      ['GET', `${base}/get-reconciliation?trustAccountId=${account}`],
      ['GET', `${base}/get-statement-lines?trustAccountId=${account}`],
      ['GET', `${base}/get-reconciliations?trustAccountId=${account}`],
    ] as const;
    for (const [method, url] of paths) {
      expect((await call(method, url, tokens.otherAdmin)).statusCode).toBe(404);
      expect((await call(method, url, tokens.feeEarner)).statusCode).toBe(403);
    }
    expect((await recordBalance(account, '2026-01-31', '0', tokens.otherAdmin)).statusCode).toBe(404);
    expect((await importCsv(account, 'date,description,amount,balance\n2026-01-02,x,1,1\n', tokens.otherAdmin)).statusCode).toBe(404);
    expect(
      (await call('POST', `${base}/sign-off-reconciliation/${account}`, tokens.otherAdmin, { periodEnd: '2026-01-31' })).statusCode,
    ).toBe(404);
    await move({ trustAccountId: account, type: 'deposit', amount: '5.00', date: '2026-01-02' });
    await importCsv(account, 'date,description,amount,balance\n2026-01-02,x,7.00,7.00\n');
    const [line] = (await call('GET', `${base}/get-statement-lines?trustAccountId=${account}`)).json().data.data;
    expect((await call('POST', `${base}/unmatch-statement-line/${line.id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${base}/get-match-candidates?lineId=${line.id}`, tokens.otherAdmin)).statusCode).toBe(404);
  });

  it('refuses a bad CSV with the row number and writes nothing', async () => {
    const account = await createTrustAccount(context.database, firm);
    const before = await snapshot(account);
    const cases: [string, string][] = [
      [
        'date,description,amount,balance\n2026-02-01,Fine,10.00,10.00\n2026-02-31,Bad date,5.00,15.00\n',
        'Row 3: the date "2026-02-31" is not a date',
      ],
      ['date,description,amount,balance\n2026-02-01,Fine,10.00,10.00\n2026-02-02,Bad,12.345,22.34\n', 'Row 3: the amount "12.345"'],
      ['date,description,amount,balance\n2026-02-01,Fine,10.00,\n', 'Row 2: the last line needs its balance'],
      ['when,what,how much\n2026-02-01,x,1\n', "The bank statement's first row must name the columns"],
      ['date,description,amount,balance\n', 'The bank statement has no lines'],
      ['date,description,amount,balance\n2026-02-01,"unclosed,10.00,10.00\n', 'The bank statement is not a readable CSV file'],
    ];
    for (const [csv, message] of cases) {
      const response = await importCsv(account, csv);
      expect(response.statusCode, csv).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const noFile = await call('POST', `${base}/import-bank-statement/${account}`, tokens.admin, {});
    expect(noFile.statusCode).toBe(400);
    expect(await snapshot(account)).toEqual(before);

    // The closing balance may be given when the last line has none.
    const given = await importCsv(account, 'date,description,amount,balance\n2026-02-01,Fine,10.00,\n', tokens.admin, {
      statementDate: '2026-02-28',
      closingBalance: '10.00',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data).toMatchObject({ statementDate: '2026-02-28', closingBalance: '10.00', lineCount: 1 });
  });

  it('skips the lines of a statement imported again, under a double submit too, and says how many were new', async () => {
    const account = await createTrustAccount(context.database, firm);
    const header = 'date,description,amount,balance';
    // Two identical deposits on one day are two lines: a re-import keeps both and adds neither again.
    const january = ['2026-03-02,Deposit  TRF-1,100.00,', '2026-03-02,Deposit TRF-1,100.00,', '2026-03-05,Bank charge,-5.00,195.00'];
    const first = await importCsv(account, [header, ...january].join('\n'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ lineCount: 3, alreadyImportedCount: 0 });
    expect(first.json().message).toBe('Bank statement imported: 0 lines already imported, 3 new');

    // An overlapping statement: the first three lines again (spaces and a DD/MM/YYYY date aside), two new.
    const overlapping = [header, '02/03/2026,Deposit TRF-1,100.00,', ' 2026-03-02 , Deposit TRF-1 ,100,', ...january.slice(2)];
    overlapping.push('2026-03-09,Deposit TRF-2,40.00,235.00', '2026-03-09,Deposit TRF-2,40.00,275.00');
    const second = await importCsv(account, overlapping.join('\n'));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ lineCount: 2, alreadyImportedCount: 3, closingBalance: '275.00' });
    expect(second.json().message).toBe('Bank statement imported: 3 lines already imported, 2 new');
    expect((await snapshot(account)).lines).toBe(5);

    // The same new file submitted twice at once: the unique fingerprint lets exactly one import its lines.
    const third = [header, '2026-03-12,Deposit TRF-3,7.00,282.00', '2026-03-13,Deposit TRF-4,8.00,290.00'].join('\n');
    const [a, b] = await Promise.all([importCsv(account, third), importCsv(account, third)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const counts = [a, b].map((response) => response.json().data.lineCount).sort();
    expect(counts).toEqual([0, 2]);
    expect((await snapshot(account)).lines).toBe(7);

    // Migration 0050 fingerprinted the lines imported before it with the same text as an import does.
    const recomputed = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ fingerprint: string; backfilled: string }>(
        tx.execute(sql`
          select fingerprint, encode(sha256(convert_to(
            key || '|' || row_number() over (partition by key order by line_date, id), 'UTF8')), 'hex') as backfilled
          from (select *, line_date::text || '|' || amount::text || '|' || coalesce(balance::text, '') || '|' ||
                  btrim(regexp_replace(description, '\\s+', ' ', 'g')) as key
                from trust_statement_lines where trust_account_id = ${account}) k`),
      ),
    );
    // (Which of two identical lines is the first occurrence is arbitrary: compare the sets.)
    expect(recomputed).toHaveLength(7);
    expect(recomputed.map((row) => row.backfilled).sort()).toEqual(recomputed.map((row) => row.fingerprint).sort());

    // Fingerprints belong to an account: the same lines in another account are new there.
    const otherAccount = await createTrustAccount(context.database, firm);
    const elsewhere = await importCsv(otherAccount, third);
    expect(elsewhere.json().data).toMatchObject({ lineCount: 2, alreadyImportedCount: 0 });
  });

  it('lists on the dashboard the accounts whose balances disagree today', async () => {
    const agreeing = await createTrustAccount(context.database, firm, 'Agreeing account');
    const disagreeing = await createTrustAccount(context.database, firm, 'Disagreeing account');
    await move({ trustAccountId: agreeing, type: 'deposit', amount: '100.00', date: '2026-01-05' });
    await move({ trustAccountId: disagreeing, type: 'deposit', amount: '100.00', date: '2026-01-05' });
    await recordBalance(agreeing, '2026-01-06', '100.00');
    await recordBalance(disagreeing, '2026-01-06', '90.00');
    const response = await call('GET', `${base}/get-reconciliation-alerts`, tokens.billing);
    expect(response.statusCode).toBe(200);
    const names = response.json().data.map((alert: { trustAccountName: string }) => alert.trustAccountName);
    expect(names).toContain('Disagreeing account');
    expect(names).not.toContain('Agreeing account');
    expect((await call('GET', `${base}/get-reconciliation-alerts`, tokens.feeEarner)).statusCode).toBe(403);
    expect((await call('GET', `${base}/get-reconciliation-alerts`, tokens.otherAdmin)).json().data).toEqual([]);
  });
});
