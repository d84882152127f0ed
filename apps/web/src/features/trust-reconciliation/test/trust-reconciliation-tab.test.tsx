import {
  reconciliationSchema,
  statementLinePageSchema,
  type Reconciliation,
  type ReconciliationMovement,
  type StatementLine,
} from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { TrustReconciliationTab } from '../components/trust-reconciliation-tab.tsx';

configure({ asyncUtilTimeout: 10_000 });

const ACCOUNT = '12121212-1212-4212-8212-121212121212';
const LINE = '34343434-3434-4434-8434-343434343434';
const MOVEMENT = '56565656-5656-4656-8656-565656565656';
const BASE = '/admin/trust-account';

const payment: ReconciliationMovement = {
  transactionId: MOVEMENT,
  sequenceNumber: 42,
  type: 'disbursement',
  direction: 'out',
  transactionDate: '2026-05-03',
  amount: '1200.00',
  clientName: 'Kemi Adebayo',
  reference: 'CHQ-1001',
  counterparty: 'Court registry',
};

const line: StatementLine = {
  id: LINE,
  statementId: '78787878-7878-4878-8878-787878787878',
  lineDate: '2026-05-06',
  description: 'Cheque 1001',
  amount: '-1200.00',
  balance: '3800.00',
  matchKind: null,
  matchedTransaction: null,
};

function reconciliation(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    trustAccountId: ACCOUNT,
    trustAccountName: 'Client account',
    currencyCode: 'NGN',
    currencySymbol: '₦',
    asOf: '2026-05-10',
    ledgerBalance: '3800.00',
    clientLedgersTotal: '3800.00',
    ledgerToClientsDifference: '0.00',
    bankBalance: '5000.00',
    bankBalanceDate: '2026-05-10',
    bankStatementId: '78787878-7878-4878-8878-787878787878',
    unclearedDeposits: { total: '0.00', count: 0, items: [] },
    unpresentedPayments: { total: '1200.00', count: 1, items: [payment] },
    unmatchedLines: { total: '-1200.00', count: 1, items: [line] },
    adjustedBankBalance: '5000.00',
    bankDifference: '1200.00',
    hasBankBalance: true,
    isBalanced: false,
    lastSignedOffPeriodEnd: null,
    clientLedgers: { data: [{ clientId: 'c1', clientName: 'Kemi Adebayo', balance: '3800.00' }], page: 1, size: 10, totalCount: 1 },
    ...overrides,
  };
}

const editor = fakeSession({ permissions: ['trustAccountRequest', 'trustAccountRequest.edit'] });
const reader = fakeSession({ permissions: ['trustAccountRequest'] });

describe('TrustReconciliationTab', { timeout: 60_000 }, () => {
  it('shows the three balances, the differences itemised, and matches a bank line by hand', async () => {
    let isMatched = false;
    const api = stubApi({
      [`GET ${BASE}/get-reconciliation`]: () =>
        contractAnswer(
          reconciliationSchema,
          isMatched
            ? reconciliation({
                unpresentedPayments: { total: '0.00', count: 0, items: [] },
                unmatchedLines: { total: '0.00', count: 0, items: [] },
                adjustedBankBalance: '3800.00',
                bankDifference: '0.00',
                isBalanced: true,
              })
            : reconciliation(),
        ),
      [`GET ${BASE}/get-statement-lines`]: () =>
        contractAnswer(statementLinePageSchema, {
          data: [isMatched ? { ...line, matchKind: 'manual', matchedTransaction: payment } : line],
          page: 1,
          size: 20,
          totalCount: 1,
        }),
      [`GET ${BASE}/get-match-candidates`]: { data: [payment] },
      [`POST ${BASE}/match-statement-line/${LINE}`]: () => {
        isMatched = true;
        return { data: { ...line, matchKind: 'manual', matchedTransaction: payment }, message: 'Statement line matched' };
      },
      [`GET ${BASE}/get-reconciliations`]: { data: { data: [], page: 1, size: 10, totalCount: 0 } },
    });
    const user = userEvent.setup();
    renderAt(<TrustReconciliationTab trustAccountId={ACCOUNT} />, { session: editor });

    expect(await screen.findByTestId('balance-Trust bank (journal)')).toHaveTextContent('₦3,800.00');
    expect(screen.getByTestId('balance-Client ledgers')).toHaveTextContent('₦3,800.00');
    expect(screen.getByTestId('balance-Bank statement')).toHaveTextContent('₦5,000.00');
    expect(screen.getByRole('alert')).toHaveTextContent('The adjusted bank balance differs from the journal by ₦1,200.00');
    const unpresented = screen.getByRole('region', { name: 'Unpresented payments' });
    expect(within(unpresented).getByRole('row', { name: /Kemi Adebayo/ })).toHaveTextContent('Disbursement #42 · CHQ-1001');
    expect(screen.getByRole('button', { name: /Sign off to/ })).toBeDisabled();
    expect(api.lastQuery(`${BASE}/get-reconciliation`)?.get('trustAccountId')).toBe(ACCOUNT);

    await user.click(await screen.findByRole('button', { name: 'Match the line Cheque 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match the bank line' });
    await user.click(await within(dialog).findByRole('radio', { name: /#42 · Kemi Adebayo · CHQ-1001/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Match' }));

    await waitFor(() => expect(api.callsTo('POST', `${BASE}/match-statement-line/${LINE}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/match-statement-line/${LINE}`)[0]!.body).toEqual({ transactionId: MOVEMENT });
    expect(await screen.findByText('The three balances agree')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unmatch the line Cheque 1001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sign off to 10\/05\/2026/ })).toBeEnabled();
  });

  it('asks for another date, and offers a reader no import, matching or sign-off', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-reconciliation`]: (call) =>
        contractAnswer(reconciliationSchema, reconciliation({ asOf: call.query.get('asOf') ?? '2026-05-10', isBalanced: true })),
      [`GET ${BASE}/get-statement-lines`]: { data: { data: [line], page: 1, size: 20, totalCount: 1 } },
      [`GET ${BASE}/get-reconciliations`]: {
        data: {
          data: [
            {
              id: 'r1',
              trustAccountId: ACCOUNT,
              periodEnd: '2026-04-30',
              ledgerBalance: '3800.00',
              clientLedgersTotal: '3800.00',
              bankBalance: '3800.00',
              note: 'April agreed',
              signedOffByUserId: 'u1',
              signedOffByName: 'Grace Hopper',
              signedOffAt: '2026-05-02T09:00:00.000Z',
            },
          ],
          page: 1,
          size: 10,
          totalCount: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderAt(<TrustReconciliationTab trustAccountId={ACCOUNT} />, { session: reader });
    expect(await screen.findByTestId('balance-Trust bank (journal)')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Import a bank statement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Match the line/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign off/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /30\/04\/2026/ })).toHaveTextContent('Grace Hopper');

    const asOf = screen.getByRole('combobox', { name: 'As of' });
    await user.clear(asOf);
    await user.type(asOf, '31/03/2026');
    await waitFor(() => expect(api.lastQuery(`${BASE}/get-reconciliation`)?.get('asOf')).toBe('2026-03-31'));
  });

  it('imports a statement and reports how many lines matched', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-reconciliation`]: () => contractAnswer(reconciliationSchema, reconciliation()),
      [`GET ${BASE}/get-statement-lines`]: { data: { data: [], page: 1, size: 20, totalCount: 0 } },
      [`GET ${BASE}/get-reconciliations`]: { data: { data: [], page: 1, size: 10, totalCount: 0 } },
      [`POST ${BASE}/import-bank-statement/${ACCOUNT}`]: {
        status: 201,
        data: {
          id: 's1',
          trustAccountId: ACCOUNT,
          statementDate: '2026-05-10',
          closingBalance: '2585.00',
          fileName: 'may.csv',
          lineCount: 4,
          matchedCount: 3,
          unmatchedCount: 1,
          alreadyImportedCount: 12,
          createdAt: '2026-05-11T10:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup();
    renderAt(<TrustReconciliationTab trustAccountId={ACCOUNT} />, { session: editor });
    const form = await screen.findByRole('form', { name: 'Import a bank statement' });
    await user.click(within(form).getByRole('button', { name: 'Import statement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a bank statement CSV file to import');

    const file = new File(['date,description,amount,balance\n2026-05-10,x,1,1\n'], 'may.csv', { type: 'text/csv' });
    const input = form.querySelector<HTMLInputElement>('input[type="file"]');
    expect(within(form).getByRole('button', { name: 'Bank statement (CSV)' })).toBeInTheDocument();
    await user.upload(input!, file);
    await user.click(within(form).getByRole('button', { name: 'Import statement' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('12 lines already imported, 4 new: 3 matched, 1 to match by hand.');
    expect(api.callsTo('POST', `${BASE}/import-bank-statement/${ACCOUNT}`)).toHaveLength(1);
  });
});
