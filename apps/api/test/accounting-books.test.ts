import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_MESSAGES, JOURNAL_MESSAGES } from '@matterhorn/shared';
import { postJournalEntry } from '../src/platform/ledger/ledger.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { csvRowsOf } from './support/csv-download.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

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

const base = '/api/admin/accounting';
type Account = {
  id: string;
  number: string;
  name: string;
  type: string;
  code: string | null;
  isActive: boolean;
  isSystem: boolean;
  parentId: string | null;
  ownedByModule: string | null;
  hasEntries: boolean;
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = tokens.admin) =>
  context.app.inject({
    method,
    url: `${base}/${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const chartOf = async (token = tokens.admin): Promise<Account[]> => {
  const response = await call('GET', 'get-chart-of-accounts', undefined, token);
  expect(response.statusCode).toBe(200);
  return response.json().data.accounts;
};
const accountOf = async (number: string, token = tokens.admin) => (await chartOf(token)).find((account) => account.number === number)!;
const accountCount = () =>
  context.database.withFirm(
    firm.firmId,
    async (tx) => (await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from ledger_accounts`)))[0]!.n,
  );
const entryCount = () =>
  context.database.withFirm(
    firm.firmId,
    async (tx) => (await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from journal_entries`)))[0]!.n,
  );

const accountInput = (overrides: Record<string, unknown> = {}) => ({ number: '5070', name: 'Travel', type: 'expense', ...overrides });

describe('the chart of accounts', () => {
  it('is a numbered law-firm chart: Nigeria’s adds its tax accounts, the system accounts are marked and the module-kept ones owned', async () => {
    const chart = await chartOf();
    const byNumber = new Map(chart.map((account) => [account.number, account]));
    expect(chart.map((account) => account.number)).toEqual([...chart.map((account) => account.number)].sort());
    for (const account of chart) expect(account.number).toMatch(/^\d{4}$/);
    // Withholding tax clients deducted (ADR 0093): a system account any firm's journals may still post to.
    expect(byNumber.get('1250')).toMatchObject({
      name: 'Withholding tax receivable',
      code: 'withholding-tax-receivable',
      isSystem: true,
      ownedByModule: null,
    });
    expect(byNumber.get('1200')).toMatchObject({ code: 'accounts-receivable', isSystem: true, ownedByModule: 'invoices', type: 'asset' });
    expect(byNumber.get('1100')).toMatchObject({ code: 'trust-bank', ownedByModule: 'trust' });
    expect(byNumber.get('2200')).toMatchObject({ code: 'client-trust-liability', ownedByModule: 'trust' });
    expect(byNumber.get('2400')).toMatchObject({ code: 'unapplied-cash', ownedByModule: 'payments' });
    expect(byNumber.get('3900')).toMatchObject({ name: 'Retained earnings', type: 'equity', isSystem: false, code: null });
    // Opening receivables brought over by a bulk import are credited here, never to fee income; the firm may post to it.
    expect(byNumber.get('3800')).toMatchObject({ code: 'opening-balances', type: 'equity', isSystem: true, ownedByModule: null });
    const feeIncome = byNumber.get('4000')!;
    expect(chart.filter((account) => account.parentId === feeIncome.id).map((account) => account.number)).toEqual([
      '4010',
      '4020',
      '4030',
      '4040',
      '4050',
      '4060',
    ]);
    // Consultation fees prospective clients pay online: income before any client or matter exists.
    expect(byNumber.get('4060')).toMatchObject({ code: 'consultation-fees', type: 'income', isSystem: true, ownedByModule: null });
    expect(chart.filter((account) => account.isSystem)).toHaveLength(18);
  });

  it('lets the firm add, rename, renumber, deactivate and delete its own accounts and sub-accounts', async () => {
    const added = await call('POST', 'create-account', accountInput({ description: 'Fares and hotels' }));
    expect(added.statusCode).toBe(201);
    const travel = added.json().data as Account;
    expect(travel).toMatchObject({ number: '5070', name: 'Travel', type: 'expense', isSystem: false, isActive: true, hasEntries: false });

    const parent = await accountOf('5000');
    const sub = await call('POST', 'create-account', accountInput({ number: '5071', name: 'Local travel', parentId: travel.id }));
    expect(sub.statusCode).toBe(201);
    // A sub-account sits under a top-level account of its own type.
    expect((await call('POST', 'create-account', accountInput({ number: '5072', parentId: sub.json().data.id }))).json().message).toBe(
      CHART_MESSAGES.parentNested,
    );
    expect(
      (await call('POST', 'create-account', accountInput({ number: '5072', type: 'income', parentId: parent.id }))).json().message,
    ).toBe(CHART_MESSAGES.parentType);
    // A taken number is a conflict.
    const taken = await call('POST', 'create-account', accountInput({ number: '5070' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CHART_MESSAGES.numberTaken);

    const renamed = await call('PUT', `update-account/${travel.id}`, accountInput({ number: '5080', name: 'Travel and accommodation' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ number: '5080', name: 'Travel and accommodation' });
    const deactivated = await call('PUT', `update-account/${travel.id}`, accountInput({ number: '5080', name: 'Travel', isActive: false }));
    expect(deactivated.json().data.isActive).toBe(false);

    // An account with sub-accounts is not deleted; the sub-account without entries is.
    expect((await call('DELETE', `delete-account/${travel.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `delete-account/${sub.json().data.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `delete-account/${travel.id}`)).statusCode).toBe(200);
    expect((await chartOf()).some((account) => account.id === travel.id)).toBe(false);
  });

  it('keeps system accounts: renamed and renumbered, never retyped, deactivated or deleted — by the API or the database', async () => {
    const bank = await accountOf('1000');
    const renamed = await call('PUT', `update-account/${bank.id}`, { number: '1001', name: 'Main operating account', type: 'asset' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ number: '1001', name: 'Main operating account', code: 'operating-bank' });
    const before = await accountCount();
    const retyped = await call('PUT', `update-account/${bank.id}`, { number: '1001', name: 'Main operating account', type: 'expense' });
    expect([retyped.statusCode, retyped.json().message]).toEqual([400, CHART_MESSAGES.systemType]);
    const deactivated = await call('PUT', `update-account/${bank.id}`, { number: '1001', name: 'Bank', type: 'asset', isActive: false });
    expect([deactivated.statusCode, deactivated.json().message]).toEqual([400, CHART_MESSAGES.systemDeactivate]);
    const deleted = await call('DELETE', `delete-account/${bank.id}`);
    expect([deleted.statusCode, deleted.json().message]).toEqual([409, CHART_MESSAGES.systemDelete]);
    expect(await accountCount()).toBe(before);
    expect((await accountOf('1001')).name).toBe('Main operating account');
    await expect(
      context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update ledger_accounts set is_active = false where id = ${bank.id}`)),
    ).rejects.toThrow();
    await expect(
      context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`delete from ledger_accounts where id = ${bank.id}`)),
    ).rejects.toThrow();
    await call('PUT', `update-account/${bank.id}`, { number: '1000', name: 'Operating bank', type: 'asset' });
  });

  it('never deletes an account with entries: it can only be deactivated', async () => {
    const rent = await accountOf('5010');
    const bank = await accountOf('1000');
    const posted = await call('POST', 'create-journal-entry', {
      entryDate: '2026-02-01',
      memo: 'February rent',
      lines: [
        { accountId: rent.id, debit: '300000' },
        { accountId: bank.id, credit: '300000' },
      ],
    });
    expect(posted.statusCode).toBe(201);
    const refused = await call('DELETE', `delete-account/${rent.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, CHART_MESSAGES.hasEntries]);
    const deactivated = await call('PUT', `update-account/${rent.id}`, {
      number: '5010',
      name: rent.name,
      type: 'expense',
      isActive: false,
    });
    expect(deactivated.json().data).toMatchObject({ isActive: false, hasEntries: true });
    // A deactivated account takes no new manual posting.
    const inactive = await call('POST', 'create-journal-entry', {
      entryDate: '2026-03-01',
      memo: 'March rent',
      lines: [
        { accountId: rent.id, debit: '1' },
        { accountId: bank.id, credit: '1' },
      ],
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toContain(JOURNAL_MESSAGES.inactiveAccount);
    await call('PUT', `update-account/${rent.id}`, { number: '5010', name: rent.name, type: 'expense', isActive: true });
    await call('POST', `reverse-journal-entry/${posted.json().data.id}`, {});
  });

  it('exports the chart as CSV and imports it back: the same file changes nothing, an edited one adds and updates', async () => {
    const exported = await call('GET', 'get-chart-of-accounts?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const rows = csvRowsOf(exported);
    expect(rows[0]).toEqual(['Number', 'Name', 'Type', 'Parent number', 'Description', 'Active', 'System code']);
    const chart = await chartOf();
    expect(rows.length - 1).toBe(chart.length);
    expect(rows.find((row) => row[0] === '4010')?.slice(0, 4)).toEqual(['4010', 'Fee income – Corporate', 'income', '4000']);
    const text = exported.rawPayload.toString('utf8');

    const same = await call('POST', 'import-chart-of-accounts', { csv: text });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toEqual({ created: 0, updated: 0, unchanged: chart.length });

    const edited =
      text.replace('Petty cash', 'Office cash float') +
      '6100,Depreciation,Expenses,,Wear of equipment,Yes,\r\n6110,Depreciation – computers,expense,6100,,No,\r\n';
    const imported = await call('POST', 'import-chart-of-accounts', { csv: edited });
    expect(imported.json().data).toEqual({ created: 2, updated: 1, unchanged: chart.length - 1 });
    const after = await chartOf();
    const depreciation = after.find((account) => account.number === '6100')!;
    expect(after.find((account) => account.number === '6110')).toMatchObject({
      parentId: depreciation.id,
      isActive: false,
      type: 'expense',
    });
    expect(after.find((account) => account.number === '1010')?.name).toBe('Office cash float');

    // All or nothing: a bad row refuses the whole file, naming the row.
    const before = await accountCount();
    const bad = await call('POST', 'import-chart-of-accounts', { csv: 'Number,Name,Type\r\n6200,Fine,expense\r\n62,Bad,expense\r\n' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Row 3: Account number must be 4 digits');
    const retype = await call('POST', 'import-chart-of-accounts', {
      csv: 'Number,Name,Type\r\n6300,New,expense\r\n1200,Accounts receivable,expense\r\n',
    });
    expect(retype.json().message).toBe(`Row 3: ${CHART_MESSAGES.systemType}`);
    expect(await accountCount()).toBe(before);
  });
});

describe('manual journal entries', () => {
  it('refuses (400) a line on an account a module keeps, and writes nothing', async () => {
    const bank = await accountOf('1000');
    for (const number of ['1200', '1100', '2200', '2400', '5000']) {
      const owned = await accountOf(number);
      const before = await entryCount();
      const response = await call('POST', 'create-journal-entry', {
        entryDate: '2026-02-01',
        memo: 'Hand posting',
        lines: [
          { accountId: owned.id, debit: '10' },
          { accountId: bank.id, credit: '10' },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Line 1: account ${number} ${owned.name} ${JOURNAL_MESSAGES.ownedAccount}`);
      expect(await entryCount()).toBe(before);
    }
  });

  it('refuses an entry that does not balance in each currency, even when the sums agree across currencies', async () => {
    const bank = await accountOf('1000');
    const income = await accountOf('4200');
    const before = await entryCount();
    const unbalanced = await call('POST', 'create-journal-entry', {
      entryDate: '2026-02-01',
      memo: 'Interest',
      lines: [
        { accountId: bank.id, debit: '100' },
        { accountId: income.id, credit: '99.99' },
      ],
    });
    expect([unbalanced.statusCode, unbalanced.json().message]).toEqual([
      400,
      'The journal entry does not balance: debits 100.00, credits 99.99',
    ]);
    const mixed = await call('POST', 'create-journal-entry', {
      entryDate: '2026-02-01',
      memo: 'Interest',
      lines: [
        { accountId: bank.id, debit: '100', currencyCode: 'USD' },
        { accountId: income.id, credit: '100' },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/^The journal entry does not balance in (NGN|USD)/);
    const oneLine = await call('POST', 'create-journal-entry', {
      entryDate: '2026-02-01',
      memo: 'x',
      lines: [{ accountId: bank.id, debit: '1' }],
    });
    expect([oneLine.statusCode, oneLine.json().message]).toEqual([400, 'A journal entry needs at least two lines']);
    expect(await entryCount()).toBe(before);
  });

  it('reverses a manual entry once, linked both ways; a reversal and a module’s entry are not reversed here', async () => {
    const bank = await accountOf('1000');
    const equity = await accountOf('3000');
    const posted = await call('POST', 'create-journal-entry', {
      entryDate: '2026-01-15',
      reference: 'CAP-001',
      memo: 'Partners’ capital paid in',
      lines: [
        { accountId: bank.id, debit: '5000000', memo: 'Transfer in' },
        { accountId: equity.id, credit: '5000000', clientId: null },
      ],
    });
    expect(posted.statusCode).toBe(201);
    const original = posted.json().data;
    expect(original).toMatchObject({ reference: 'CAP-001', sourceType: 'manual', reversedByEntryId: null });
    expect(
      original.lines.map((line: { accountNumber: string; debit: string; credit: string }) => [line.accountNumber, line.debit, line.credit]),
    ).toEqual([
      ['1000', '5000000.00', '0.00'],
      ['3000', '0.00', '5000000.00'],
    ]);

    const reversed = await call('POST', `reverse-journal-entry/${original.id}`, { entryDate: '2026-01-20' });
    expect(reversed.statusCode).toBe(201);
    const reversal = reversed.json().data;
    expect(reversal).toMatchObject({
      reversesEntryId: original.id,
      entryDate: '2026-01-20',
      memo: 'Reversal of: Partners’ capital paid in',
      reference: 'CAP-001',
    });
    expect(
      reversal.lines.map((line: { accountNumber: string; debit: string; credit: string }) => [line.accountNumber, line.debit, line.credit]),
    ).toEqual([
      ['3000', '5000000.00', '0.00'],
      ['1000', '0.00', '5000000.00'],
    ]);
    const list = await call('GET', 'get-journal-entries?sourceType=manual&size=100');
    const listed = list.json().data.data.find((entry: { id: string }) => entry.id === original.id);
    expect(listed.reversedByEntryId).toBe(reversal.id);

    const again = await call('POST', `reverse-journal-entry/${original.id}`, {});
    expect([again.statusCode, again.json().message]).toEqual([409, JOURNAL_MESSAGES.alreadyReversed]);
    const ofReversal = await call('POST', `reverse-journal-entry/${reversal.id}`, {});
    expect([ofReversal.statusCode, ofReversal.json().message]).toEqual([409, JOURNAL_MESSAGES.isReversal]);

    const moduleEntry = await context.database.withFirm(firm.firmId, (tx) =>
      postJournalEntry(
        tx,
        { firmId: firm.firmId, userId: firm.users.admin.id },
        {
          entryDate: '2026-01-10',
          memo: 'Gateway fee',
          sourceType: 'gateway-fee',
          sourceId: null,
          currency: 'NGN',
          lines: [
            { account: 'bank-charges', debit: '15' },
            { account: 'operating-bank', credit: '15' },
          ],
        },
      ),
    );
    const notManual = await call('POST', `reverse-journal-entry/${moduleEntry}`, {});
    expect([notManual.statusCode, notManual.json().message]).toEqual([409, JOURNAL_MESSAGES.notManual]);
  });

  it('needs journalEntry.create to post, and answers 404 for another firm’s account or entry', async () => {
    const bank = await accountOf('1000');
    const income = await accountOf('4200');
    const entry = {
      entryDate: '2026-02-01',
      memo: 'Interest',
      lines: [
        { accountId: bank.id, debit: '5' },
        { accountId: income.id, credit: '5' },
      ],
    };
    expect((await call('POST', 'create-journal-entry', entry, tokens.feeEarner)).statusCode).toBe(403);
    expect((await call('POST', 'create-journal-entry', entry, tokens.otherAdmin)).statusCode).toBe(404);
    const mine = await call('POST', 'create-journal-entry', entry, tokens.billing);
    expect(mine.statusCode).toBe(201);
    expect((await call('POST', `reverse-journal-entry/${mine.json().data.id}`, {}, tokens.otherAdmin)).statusCode).toBe(404);
    expect(
      (await call('PUT', `update-account/${bank.id}`, { number: '1000', name: 'Mine now', type: 'asset' }, tokens.otherAdmin)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `delete-account/${income.id}`, undefined, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `get-general-ledger?AccountId=${bank.id}`, undefined, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', 'create-account', accountInput({ number: '5090' }), tokens.billing)).statusCode).toBe(403);
    expect((await accountOf('1000')).name).toBe('Operating bank');
    await call('POST', `reverse-journal-entry/${mine.json().data.id}`, {});
  });
});

describe('the general ledger', () => {
  it('answers an account’s lines with the opening balance before FromDate and a running balance per currency', async () => {
    const fresh = await seedTestFirm(context.database);
    const token = await signIn(context.app, fresh.users.admin.email);
    const accounts = await chartOf(token);
    const id = (number: string) => accounts.find((account) => account.number === number)!.id;
    // Generated postings to petty cash (1010), in NGN and USD, dated over three months.
    const postings = [
      { date: '2026-01-05', amount: '1000.00', side: 'debit', currency: 'NGN' },
      { date: '2026-01-20', amount: '250.50', side: 'credit', currency: 'NGN' },
      { date: '2026-02-02', amount: '75.25', side: 'debit', currency: 'USD' },
      { date: '2026-02-10', amount: '300.00', side: 'debit', currency: 'NGN' },
      { date: '2026-02-11', amount: '20.00', side: 'credit', currency: 'USD' },
      { date: '2026-02-28', amount: '49.50', side: 'credit', currency: 'NGN' },
      { date: '2026-03-03', amount: '10.00', side: 'debit', currency: 'NGN' },
    ] as const;
    for (const [index, posting] of postings.entries()) {
      const other = posting.side === 'debit' ? 'credit' : 'debit';
      const response = await call(
        'POST',
        'create-journal-entry',
        {
          entryDate: posting.date,
          reference: `PC-${index + 1}`,
          memo: `Petty cash ${index + 1}`,
          lines: [
            {
              accountId: id('1010'),
              [posting.side]: posting.amount,
              currencyCode: posting.currency,
              clientId: index === 3 ? fresh.otherClientId : null,
            },
            // A blank client or matter, as the form sends for none, is no client.
            { accountId: id('4200'), [other]: posting.amount, currencyCode: posting.currency, clientId: '', matterId: '' },
          ],
        },
        token,
      );
      expect(response.statusCode).toBe(201);
    }
    const cents = (text: string) => Math.round(Number(text) * 100);
    const signed = (posting: (typeof postings)[number]) => (posting.side === 'debit' ? 1 : -1) * cents(posting.amount);
    const expectedBalance = (currency: string, upTo: string) =>
      postings
        .filter((posting) => posting.currency === currency && posting.date <= upTo)
        .reduce((sum, posting) => sum + signed(posting), 0);

    const ledger = await call(
      'GET',
      `get-general-ledger?AccountId=${id('1010')}&FromDate=2026-02-01&ToDate=2026-02-28&size=3`,
      undefined,
      token,
    );
    expect(ledger.statusCode).toBe(200);
    const data = ledger.json().data;
    const inRange = postings.filter((posting) => posting.date >= '2026-02-01' && posting.date <= '2026-02-28');
    expect(data.totalCount).toBe(inRange.length);
    expect(data.data).toHaveLength(3);
    for (const currency of ['NGN', 'USD']) {
      const summary = data.currencies.find((row: { currencyCode: string }) => row.currencyCode === currency);
      expect(cents(summary.openingBalance)).toBe(expectedBalance(currency, '2026-01-31'));
      expect(cents(summary.closingBalance)).toBe(expectedBalance(currency, '2026-02-28'));
    }
    const pages = [
      ...data.data,
      ...(
        await call(
          'GET',
          `get-general-ledger?AccountId=${id('1010')}&FromDate=2026-02-01&ToDate=2026-02-28&size=3&page=2`,
          undefined,
          token,
        )
      ).json().data.data,
    ];
    expect(
      pages.map((line: { entryDate: string; currencyCode: string; runningBalance: string }) => [
        line.entryDate,
        line.currencyCode,
        cents(line.runningBalance),
      ]),
    ).toEqual(inRange.map((posting) => [posting.date, posting.currency, expectedBalance(posting.currency, posting.date)]));
    expect(pages[0]).toMatchObject({ sourceType: 'manual', sourceId: null, reference: 'PC-3', memo: 'Petty cash 3' });

    // A client filter narrows the lines and the opening balance alike.
    const byClient = (
      await call('GET', `get-general-ledger?AccountId=${id('1010')}&ClientId=${fresh.otherClientId}`, undefined, token)
    ).json().data;
    expect(byClient.data.map((line: { debit: string; clientId: string }) => [line.debit, line.clientId])).toEqual([
      ['300.00', fresh.otherClientId],
    ]);

    // An amount range matches a line's debit or credit, whichever side it is on.
    const amountsBetween = async (min: string, max: string) =>
      (await call('GET', `get-general-ledger?AccountId=${id('1010')}&MinAmount=${min}&MaxAmount=${max}`, undefined, token))
        .json()
        .data.data.map((line: { debit: string; credit: string }) => [line.debit, line.credit]);
    const within = (min: number, max: number) =>
      postings
        .filter((posting) => cents(posting.amount) >= min * 100 && cents(posting.amount) <= max * 100)
        .map((posting) => (posting.side === 'debit' ? [posting.amount, '0.00'] : ['0.00', posting.amount]));
    expect(await amountsBetween('20', '250.50')).toEqual(within(20, 250.5));
    expect(await amountsBetween('300', '300')).toEqual([['300.00', '0.00']]);
    expect((await call('GET', `get-general-ledger?AccountId=${id('1010')}&MinAmount=1.234`, undefined, token)).statusCode).toBe(400);

    const csv = await call('GET', `get-general-ledger?AccountId=${id('1010')}&FromDate=2026-02-01&format=csv`, undefined, token);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csvRowsOf(csv);
    expect(rows[0]).toEqual([
      'Date',
      'Reference',
      'Memo',
      'Line memo',
      'Source',
      'Source id',
      'Client',
      'Matter',
      'Currency',
      'Debit',
      'Credit',
      'Balance',
    ]);
    expect(rows.filter((row) => row[2] === 'Opening balance').map((row) => [row[8], cents(row[11]!)])).toEqual([
      ['NGN', expectedBalance('NGN', '2026-01-31')],
      ['USD', expectedBalance('USD', '2026-01-31')],
    ]);
    expect(rows.length).toBe(1 + 2 + postings.filter((posting) => posting.date >= '2026-02-01').length);

    // The manual postings take themselves back out, so the harness's tie-outs see the firm as it was.
    const entries = (await call('GET', 'get-journal-entries?sourceType=manual&size=100', undefined, token)).json().data.data;
    for (const entry of entries) await call('POST', `reverse-journal-entry/${entry.id}`, {}, token);
    const trial = (await call('GET', 'get-trial-balance', undefined, token)).json().data;
    expect(trial.isBalanced).toBe(true);
  });

  it('needs chartofAccount to read, and refuses a missing account', async () => {
    expect((await call('GET', 'get-general-ledger', undefined, tokens.admin)).statusCode).toBe(400);
    const bank = await accountOf('1000');
    expect((await call('GET', `get-general-ledger?AccountId=${bank.id}`, undefined, tokens.feeEarner)).statusCode).toBe(403);
    expect((await call('GET', 'get-chart-of-accounts', undefined, tokens.feeEarner)).statusCode).toBe(403);
  });
});
