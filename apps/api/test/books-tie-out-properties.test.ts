import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { describeTieOutFailures, findTieOutFailures } from './support/tie-outs.ts';
import { trustCalls } from './support/trust-fixture.ts';

/**
 * Property: whatever a firm does with money through the API — invoices issued, paid, written off,
 * voided, payments reversed, expenses paid (its own or a client's), money into and out of trust,
 * invoices paid from trust, overpayments kept as the client's credit and that credit applied or
 * refunded — the books tie out after every step: receivables to open invoice balances (per client
 * and matter), trust bank and client trust liability to the client ledgers, paid expenses to what
 * was booked, unapplied cash to the clients' credit balances, billed items to live invoices.
 */

let fixture: TimeEntryFixture;
let matters: { id: string; clientId: string }[];
let trustAccountId: string;
let categoryId: string;
/** A second naira account beside the system operating bank: payments and expenses go to either. */
let bankAccountId: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const open = fixture.references.matters.filter((matter) => matter.status === 'Open');
  const first = open[0]!;
  const second = open.find((matter) => matter.clientId !== first.clientId)!;
  matters = [first, second];
  trustAccountId = (await trustCalls(fixture).createAccount()).id;
  const categories = (await fixture.call('GET', '/api/admin/expense-flat-fees-info/get-expense-categories', fixture.tokens.admin)).json()
    .data as { id: string }[];
  categoryId = categories[0]!.id;
  const bank = await fixture.call('POST', '/api/admin/accounting/create-bank-account', fixture.tokens.admin, {
    name: 'Second account',
    bankName: 'Zenith Bank',
    currencyCode: 'NGN',
  });
  bankAccountId = bank.json().data.id;
});
afterAll(() => fixture.context.close());
const accountIds = { rent: '', bank: '' };
beforeAll(async () => {
  const chart = (await fixture.call('GET', '/api/admin/accounting/get-chart-of-accounts', fixture.tokens.admin)).json().data.accounts as {
    id: string;
    number: string;
  }[];
  accountIds.rent = chart.find((account) => account.number === '5010')!.id;
  accountIds.bank = chart.find((account) => account.number === '1000')!.id;
});

type Command =
  | { kind: 'invoice'; matter: number; cents: number }
  | { kind: 'pay'; pick: number; cents: number; isSecondBank: boolean }
  | { kind: 'writeOff'; pick: number; cents: number }
  | { kind: 'reversePayment'; pick: number }
  | { kind: 'void'; pick: number }
  | { kind: 'expense'; matter: number | null; cents: number; isSecondBank: boolean }
  | { kind: 'deposit'; matter: number; cents: number }
  | { kind: 'disburse'; matter: number; cents: number }
  | { kind: 'payFromTrust'; pick: number; cents: number }
  | { kind: 'overpay'; pick: number; cents: number; isSecondBank: boolean }
  | { kind: 'applyCredit'; pick: number; cents: number }
  | { kind: 'refundCredit'; matter: number; cents: number; isSecondBank: boolean }
  | { kind: 'creditNote'; pick: number; releaseItems: boolean }
  | { kind: 'journal'; cents: number; reverses: boolean };

const cents = fc.integer({ min: 1, max: 2_000_000 });
const matter = fc.integer({ min: 0, max: 1 });
const pick = fc.nat();
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('invoice' as const), matter, cents }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick, cents, isSecondBank: fc.boolean() }), weight: 2 },
  fc.record({ kind: fc.constant('writeOff' as const), pick, cents }),
  fc.record({ kind: fc.constant('reversePayment' as const), pick }),
  fc.record({ kind: fc.constant('void' as const), pick }),
  fc.record({ kind: fc.constant('expense' as const), matter: fc.option(matter, { nil: null }), cents, isSecondBank: fc.boolean() }),
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), matter, cents }), weight: 2 },
  fc.record({ kind: fc.constant('disburse' as const), matter, cents }),
  fc.record({ kind: fc.constant('payFromTrust' as const), pick, cents }),
  fc.record({ kind: fc.constant('overpay' as const), pick, cents, isSecondBank: fc.boolean() }),
  fc.record({ kind: fc.constant('applyCredit' as const), pick, cents }),
  fc.record({ kind: fc.constant('refundCredit' as const), matter, cents, isSecondBank: fc.boolean() }),
  fc.record({ kind: fc.constant('creditNote' as const), pick, releaseItems: fc.boolean() }),
  fc.record({ kind: fc.constant('journal' as const), cents, reverses: fc.boolean() }),
);

const text = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
const centsOf = (amount: string) => Number(amount.replace('.', ''));

type Invoice = {
  id: string;
  clientId: string;
  balanceDue: string;
  payments: { id: string; method: string; amount: string; reversesPaymentId: string | null }[];
};

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fixture.call(method, path, fixture.tokens.admin, body);
  // Refusals (a trust overdraft, a rule the random step broke) are 4xx and change nothing; never a 5xx.
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response;
}

async function run(step: Command, invoices: string[]) {
  const chosen = (index: number) => (invoices.length === 0 ? null : invoices[index % invoices.length]!);
  const invoiceOf = async (id: string) =>
    (await call('GET', `/api/admin/invoice/get-invoice/${id}`)).json().data as Invoice & {
      totals: { balanceDue: string };
    };
  switch (step.kind) {
    case 'invoice': {
      const on = matters[step.matter]!;
      const fee = await call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', {
        clientId: on.clientId,
        matterId: on.id,
        userId: fixture.firm.users.feeEarner.id,
        flatFeeDate: '2026-10-01',
        description: 'Advice',
        amount: text(step.cents),
      });
      const draft = await call('POST', '/api/admin/invoice/create-invoice', {
        clientId: on.clientId,
        matterIds: [on.id],
        flatFeeIds: [fee.json().data.id],
        issueDate: '2026-10-02',
      });
      expect(draft.statusCode, draft.body).toBe(201);
      await call('POST', `/api/admin/invoice/send-invoice/${draft.json().data.id}`, {});
      invoices.push(draft.json().data.id);
      return;
    }
    case 'pay':
    case 'writeOff':
    case 'payFromTrust': {
      const id = chosen(step.pick);
      if (!id) return;
      const due = centsOf((await invoiceOf(id)).totals.balanceDue);
      if (due === 0) return;
      const amount = text(Math.min(step.cents, due));
      if (step.kind === 'pay')
        await call('POST', `/api/admin/invoice/record-payment/${id}`, {
          amount,
          paymentDate: '2026-10-05',
          method: 'Bank transfer',
          bankAccountId: step.isSecondBank ? bankAccountId : null,
        });
      else if (step.kind === 'writeOff') await call('POST', `/api/admin/invoice/write-off/${id}`, { amount, reason: 'Goodwill' });
      else await call('POST', '/api/admin/trust-account/pay-invoice', { trustAccountId, invoiceId: id, amount, date: '2026-10-06' });
      return;
    }
    case 'overpay': {
      // More than is due, the excess kept as the client's credit.
      const id = chosen(step.pick);
      if (!id) return;
      const due = centsOf((await invoiceOf(id)).totals.balanceDue);
      if (due === 0) return;
      await call('POST', `/api/admin/invoice/record-payment/${id}`, {
        amount: text(due + step.cents),
        paymentDate: '2026-10-05',
        method: 'Cheque',
        keepExcessAsCredit: true,
        bankAccountId: step.isSecondBank ? bankAccountId : null,
      });
      return;
    }
    case 'applyCredit': {
      const id = chosen(step.pick);
      if (!id) return;
      const invoice = await invoiceOf(id);
      const credits = await call('GET', `/api/admin/client-credit/get-client-credits?ClientId=${invoice.clientId}`);
      const credit = centsOf(
        credits.json().data.balances.find((balance: { currencyCode: string }) => balance.currencyCode === 'NGN')?.balance ?? '0.00',
      );
      const amount = Math.min(step.cents, credit, centsOf(invoice.totals.balanceDue));
      if (amount === 0) return;
      await call('POST', '/api/admin/client-credit/apply-client-credit', {
        clientId: invoice.clientId,
        currencyCode: 'NGN',
        invoiceId: id,
        amount: text(amount),
      });
      return;
    }
    case 'refundCredit': {
      // Sometimes more than the credit: refused (400), nothing written.
      await call('POST', '/api/admin/client-credit/refund-client-credit', {
        clientId: matters[step.matter]!.clientId,
        currencyCode: 'NGN',
        amount: text(step.cents),
        reference: 'Refund',
        bankAccountId: step.isSecondBank ? bankAccountId : null,
      });
      return;
    }
    case 'reversePayment': {
      const id = chosen(step.pick);
      if (!id) return;
      const payments = (await invoiceOf(id)).payments;
      const reversed = new Set(payments.map((payment) => payment.reversesPaymentId).filter(Boolean));
      const open = payments.filter((payment) => !payment.reversesPaymentId && !reversed.has(payment.id) && payment.method !== 'Trust');
      if (open.length === 0) return;
      await call('POST', `/api/admin/invoice/reverse-payment/${id}/${open[step.pick % open.length]!.id}`, { reason: 'Bounced' });
      return;
    }
    case 'void': {
      const id = chosen(step.pick);
      if (id) await call('POST', `/api/admin/invoice/void-invoice/${id}`, { reason: 'Issued in error' });
      return;
    }
    case 'creditNote': {
      // Whatever the invoice's state: refused when void or already credited, else the balance or the client's credit.
      const id = chosen(step.pick);
      if (id) await call('POST', `/api/admin/invoice/create-credit-note/${id}`, { reason: 'Fee waived', releaseItems: step.releaseItems });
      return;
    }
    case 'journal': {
      // The bookkeeper's rent paid from the operating bank, sometimes reversed at once.
      const posted = await call('POST', '/api/admin/accounting/create-journal-entry', {
        entryDate: '2026-10-07',
        memo: 'Office rent',
        lines: [
          { accountId: accountIds.rent, debit: text(step.cents) },
          { accountId: accountIds.bank, credit: text(step.cents) },
        ],
      });
      expect(posted.statusCode, posted.body).toBe(201);
      if (step.reverses) await call('POST', `/api/admin/accounting/reverse-journal-entry/${posted.json().data.id}`, {});
      return;
    }
    case 'expense': {
      const on = step.matter === null ? null : matters[step.matter]!;
      const created = await call('POST', '/api/admin/expense-flat-fees-info/create-expense', {
        isFirmExpense: on === null,
        ...(on ? { clientId: on.clientId, matterId: on.id, isBillable: 4 } : {}),
        expenseDate: '2026-10-03',
        description: on ? 'Filing fee' : 'Courier',
        categoryId,
        quantity: '1',
        unitCost: text(step.cents),
      });
      expect(created.statusCode, created.body).toBe(201);
      await call('POST', `/api/admin/expense-flat-fees-info/mark-expense-paid/${created.json().data.id}`, {
        paidDate: '2026-10-04',
        paymentMethod: 'Bank transfer',
        bankAccountId: step.isSecondBank ? bankAccountId : null,
      });
      return;
    }
    case 'deposit':
      await trustCalls(fixture).deposit(
        trustAccountId,
        { clientId: matters[step.matter]!.clientId, matterId: matters[step.matter]!.id },
        text(step.cents),
      );
      return;
    case 'disburse':
      await trustCalls(fixture).disburse(
        trustAccountId,
        { clientId: matters[step.matter]!.clientId, matterId: matters[step.matter]!.id },
        text(step.cents),
      );
      return;
  }
}

describe('the books under random sequences of money movements', () => {
  it('tie out after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const invoices: string[] = [];
        for (const step of commands) {
          await run(step, invoices);
          const failures = await findTieOutFailures(fixture.context.database, [fixture.firm.firmId]);
          expect(failures, `after ${JSON.stringify(step)}:\n${describeTieOutFailures(failures)}`).toEqual([]);
        }
        // The statements agree: the trial balance is zero per currency, the balance sheet balances, their tie-outs pass.
        const trialBalance = (await call('GET', '/api/admin/accounting/get-trial-balance')).json().data;
        expect(trialBalance.isBalanced, JSON.stringify(commands)).toBe(true);
        expect(trialBalance.tieOutsPass, JSON.stringify(trialBalance.tieOuts)).toBe(true);
        const balanceSheet = (await call('GET', '/api/admin/accounting/get-balance-sheet')).json().data;
        expect(balanceSheet.isBalanced, JSON.stringify(commands)).toBe(true);
        expect(balanceSheet.tieOutsPass, JSON.stringify(balanceSheet.tieOuts)).toBe(true);
      }),
      { numRuns: 10 },
    );
  }, 60_000);
});
