import { addMoney, formatMoney, isoToDisplayDate, subtractMoney } from '@matterhorn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextRuns, type PdfTextRun } from './support/pdf-text.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { TRUST_BASE, trustCalls } from './support/trust-fixture.ts';

/**
 * The trust statement lists each currency's movements by date (then in the order recorded), whatever
 * order they were recorded in, with each currency's own running balance, read back from the PDF by
 * position: one line per movement, its date at the left, its balance at the right.
 */

type Movement = { currency: 'NGN' | 'USD'; date: string; direction: 'in' | 'out'; amount: string };

/** Recorded in this order: a backdated deposit after a later one, and two movements on one date. */
const MOVEMENTS: Movement[] = [
  { currency: 'NGN', date: '2026-03-10', direction: 'in', amount: '1250000.00' },
  { currency: 'USD', date: '2026-03-07', direction: 'in', amount: '1000.00' },
  { currency: 'NGN', date: '2026-03-01', direction: 'in', amount: '200000.00' },
  { currency: 'NGN', date: '2026-03-05', direction: 'out', amount: '50000.00' },
  { currency: 'USD', date: '2026-03-02', direction: 'in', amount: '250.50' },
  { currency: 'NGN', date: '2026-03-05', direction: 'in', amount: '10000.00' },
  { currency: 'USD', date: '2026-03-08', direction: 'out', amount: '300.25' },
];
const SYMBOLS = { NGN: '₦', USD: '$' } as const;

let fixture: TimeEntryFixture;
let clientId: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const trust = trustCalls(fixture);
  const ledger = { clientId: fixture.references.openMatter.clientId, matterId: fixture.references.openMatter.id };
  clientId = ledger.clientId;
  const accounts = {
    NGN: await trust.createAccount({ name: 'Naira statement account' }),
    USD: await trust.createAccount({ name: 'Dollar statement account', currencyCode: 'USD' }),
  };
  for (const movement of MOVEMENTS) {
    const trustAccountId = accounts[movement.currency].id;
    if (movement.direction === 'in') await trust.deposit(trustAccountId, ledger, movement.amount, { depositDate: movement.date });
    else {
      const response = await trust.call('POST', 'disburse', {
        ...ledger,
        trustAccountId,
        amount: movement.amount,
        date: movement.date,
        payee: 'Federal High Court',
        purpose: 'Filing fees',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  }
});
afterAll(() => fixture.context.close());

/** The page's lines, top to bottom: runs grouped by baseline, left to right. */
function linesOf(runs: PdfTextRun[]): PdfTextRun[][] {
  const lines: PdfTextRun[][] = [];
  for (const run of [...runs].sort((a, b) => a.baseline - b.baseline || a.left - b.left)) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.baseline - run.baseline) < 0.5) line.push(run);
    else lines.push([run]);
  }
  return lines;
}

/** Each currency section's movement rows as [date, balance], read from the PDF. */
async function statementRows(query: string) {
  const response = await fixture.call('GET', `${TRUST_BASE}/download-trust-statement?ClientId=${clientId}${query}`, fixture.tokens.admin);
  expect(response.statusCode, response.body).toBe(200);
  const pages = await pdfTextRuns(response.rawPayload);
  const runs = pages.flat();
  const lines = pages.flatMap(linesOf);
  const sections: Record<string, { opening: string; rows: [string, string][]; closing: string }> = {};
  let current: (typeof sections)[string] | null = null;
  for (const line of lines) {
    const texts = line.map((run) => run.text.trim());
    const ledger = /^(NGN|USD) ledger$/.exec(texts.join(' '));
    if (ledger) current = sections[ledger[1]!] = { opening: '', rows: [], closing: '' };
    if (!current) continue;
    const balance = texts.at(-1)!;
    if (texts.includes('Opening balance')) current.opening = balance;
    else if (texts.includes('Closing balance')) current.closing = balance;
    else if (/^\d\d\/\d\d\/\d{4}$/.test(texts[0]!)) current.rows.push([texts[0]!, balance]);
  }
  return { sections, texts: runs.map((run) => run.text.trim()) };
}

/** What the statement should say, worked out from the movements alone. */
function expected(currency: Movement['currency'], fromDate: string | null) {
  const money = (amount: string) => formatMoney(amount, SYMBOLS[currency]);
  const own = MOVEMENTS.map((movement, recorded) => ({ ...movement, recorded }))
    .filter((movement) => movement.currency === currency)
    .sort((a, b) => a.date.localeCompare(b.date) || a.recorded - b.recorded);
  const signed = (movement: Movement, balance: string) =>
    movement.direction === 'in' ? addMoney(balance, movement.amount) : subtractMoney(balance, movement.amount);
  const opening = own
    .filter((movement) => fromDate && movement.date < fromDate)
    .reduce((balance, movement) => signed(movement, balance), '0.00');
  let balance = opening;
  const rows = own
    .filter((movement) => !fromDate || movement.date >= fromDate)
    .map((movement): [string, string] => {
      balance = signed(movement, balance);
      return [isoToDisplayDate(movement.date), money(balance)];
    });
  return { opening: money(opening), rows, closing: money(balance) };
}

describe('the trust statement PDF', () => {
  it('lists each currency’s movements by date, then as recorded, each with its own running balance', async () => {
    const { sections, texts } = await statementRows('');
    // The amount is one run of text: never broken across lines in its column.
    expect(texts.some((text) => /^(?:₦|NGN )1,250,000\.00$/.test(text))).toBe(true);
    expect(Object.keys(sections)).toEqual(['NGN', 'USD']);
    for (const currency of ['NGN', 'USD'] as const) {
      // Without a Unicode font the naira sign is printed as its code.
      const printed = JSON.parse(JSON.stringify(sections[currency]).replaceAll('NGN ', '₦')) as (typeof sections)[string];
      expect(printed).toEqual(expected(currency, null));
      const dates = printed.rows.map(([date]) => date.split('/').reverse().join('-'));
      expect(dates).toEqual([...dates].sort());
    }
    // On 05/03 the withdrawal was recorded before the deposit: ₦200,000 − ₦50,000, then + ₦10,000.
    expect(sections.NGN!.rows.slice(1, 3).map(([, balance]) => balance.replace('NGN ', '₦'))).toEqual(['₦150,000.00', '₦160,000.00']);
  });

  it('opens a period with the balance of the movements dated before it', async () => {
    const { sections } = await statementRows('&FromDate=2026-03-05');
    for (const currency of ['NGN', 'USD'] as const) {
      const printed = JSON.parse(JSON.stringify(sections[currency]).replaceAll('NGN ', '₦')) as (typeof sections)[string];
      expect(printed).toEqual(expected(currency, '2026-03-05'));
    }
  });
});
