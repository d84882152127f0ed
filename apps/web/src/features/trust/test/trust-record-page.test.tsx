import { TRUST_MESSAGES, trustTransactionRecordSchema, type TrustTransaction } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TrustRecordPage } from '../pages/trust-record-page.tsx';
import { allowSlowRenders, REVERSAL_ID, sessionWith, stubApi, T, transactionOf, TX_ID } from './stub-trust.ts';

allowSlowRenders();

const GET = `${T}/get-trust-transaction/${TX_ID}`;
const REVERSE = `${T}/reverse-transaction/${TX_ID}`;
const CLEAR = `${T}/clear-deposit/${TX_ID}`;

function recordOf(
  transaction: TrustTransaction,
  overrides: { canReverse?: boolean; canClear?: boolean; counterpart?: TrustTransaction } = {},
) {
  return trustTransactionRecordSchema.parse({
    transaction,
    counterpart: overrides.counterpart ?? null,
    journalEntryId: 'je-1',
    journalLines: [
      {
        accountCode: '1010',
        accountName: 'Trust bank — GTBank',
        debit: transaction.amount,
        credit: '0.00',
        clientName: null,
        matterNumber: null,
      },
      {
        accountCode: '2100',
        accountName: 'Client trust liability',
        debit: '0.00',
        credit: transaction.amount,
        clientName: transaction.clientName,
        matterNumber: transaction.matterNumber,
      },
    ],
    history: [
      {
        event: 'trust.deposit.created',
        at: '2026-11-02T10:00:00.000Z',
        byUserName: 'Grace Hopper',
        details: { amount: '120000.00', isCleared: true, clientId: '11111111-1111-4111-8111-111111111111' },
      },
    ],
    canReverse: overrides.canReverse ?? true,
    canClear: overrides.canClear ?? false,
  });
}

const renderRecord = (permissions: string[]) => {
  const user = userEvent.setup();
  const result = renderRoutes([{ path: '/trust-account/record/:idx', element: <TrustRecordPage /> }], {
    path: `/trust-account/record/${TX_ID}`,
    session: sessionWith(permissions),
  });
  return { user, ...result };
};

describe('TrustRecordPage', { timeout: 60_000 }, () => {
  it('shows the movement, its journal lines and history', async () => {
    stubApi({ [`GET ${GET}`]: () => ({ data: recordOf(transactionOf()) }) });
    renderRecord(['trustAccountRequest']);
    expect(await screen.findByRole('heading', { name: 'TRX-00001 · Deposit' })).toBeInTheDocument();
    const movement = screen.getByRole('region', { name: 'Movement' });
    expect(movement).toHaveTextContent('+₦120,000.00');
    expect(movement).toHaveTextContent('Kemi Adebayo');
    expect(movement).toHaveTextContent('MAT-00001 — Land purchase');
    expect(movement).toHaveTextContent('FT-123');
    expect(movement).toHaveTextContent('Yes, 02/11/2026');
    const lines = within(screen.getByRole('region', { name: 'Journal lines' })).getAllByRole('row');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toHaveTextContent('1010 Trust bank — GTBank₦120,000.00');
    expect(lines[2]).toHaveTextContent('2100 Client trust liability');
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Deposit created');
    expect(history).toHaveTextContent('Amount: 120000.00 · Is cleared: yes');
    expect(history).not.toHaveTextContent('1111');
    // Reading only: no Reverse without trustAccountRequest.delete.
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
  });

  it('reverses with a reason after confirming, and shows a refusal in the modal', async () => {
    let current = recordOf(transactionOf());
    let refuse = true;
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: current }),
      [`POST ${REVERSE}`]: () => {
        if (refuse) {
          refuse = false;
          return { status: 422, message: TRUST_MESSAGES.insufficient('Kemi Adebayo', '20000.00', '₦', 'MAT-00001') };
        }
        current = recordOf(transactionOf({ reversedByTransactionId: REVERSAL_ID, reversedByNumber: 'TRX-00002' }), { canReverse: false });
        return {
          data: transactionOf({
            id: REVERSAL_ID,
            number: 'TRX-00002',
            type: 'reversal',
            direction: 'out',
            reversesTransactionId: TX_ID,
            reversesNumber: 'TRX-00001',
          }),
        };
      },
    });
    const { user } = renderRecord(['trustAccountRequest', 'trustAccountRequest.delete']);
    await user.click(await screen.findByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse TRX-00001' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse movement' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST', REVERSE)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Paid into the wrong ledger');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse movement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Insufficient trust funds: Kemi Adebayo has ₦20,000.00 on MAT-00001',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Reverse movement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', REVERSE).map((call) => call.body)).toEqual([
      { reason: 'Paid into the wrong ledger' },
      { reason: 'Paid into the wrong ledger' },
    ]);
    expect(await screen.findByRole('link', { name: 'TRX-00002' })).toHaveAttribute('href', `/trust-account/record/${REVERSAL_ID}`);
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
  });

  it('links a reversal to the movement it reverses, and a transfer to its other leg', async () => {
    const reversal = transactionOf({
      type: 'transfer-out',
      direction: 'out',
      transferId: 't1',
      counterparty: null,
      reversesTransactionId: REVERSAL_ID,
      reversesNumber: 'TRX-00005',
    });
    const otherLeg = transactionOf({
      id: REVERSAL_ID,
      number: 'TRX-00004',
      type: 'transfer-in',
      clientName: 'Bola Ade',
      matterNumber: null,
      matterName: null,
    });
    stubApi({ [`GET ${GET}`]: () => ({ data: recordOf(reversal, { counterpart: otherLeg, canReverse: false }) }) });
    renderRecord(['administrator']);
    expect(await screen.findByRole('link', { name: 'TRX-00005' })).toHaveAttribute('href', `/trust-account/record/${REVERSAL_ID}`);
    const leg = screen.getByRole('region', { name: 'Other leg of the transfer' });
    expect(leg).toHaveTextContent('TRX-00004 · Transfer in · Bola Ade · General (no matter)');
  });

  it('marks an uncleared deposit cleared on a date', async () => {
    let current = recordOf(transactionOf({ isCleared: false, clearedDate: null }), { canClear: true });
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: current }),
      [`POST ${CLEAR}`]: (call) => {
        const { clearedDate } = call.body as { clearedDate: string };
        current = recordOf(transactionOf({ isCleared: true, clearedDate }));
        return { data: current.transaction };
      },
    });
    const { user } = renderRecord(['trustAccountRequest', 'trustAccountRequest.edit']);
    expect(await screen.findByText('Uncleared')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark cleared' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark deposit cleared' });
    const date = within(dialog).getByRole('combobox', { name: /Cleared date/ });
    await user.clear(date);
    await user.type(date, '05/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Mark cleared' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', CLEAR).map((call) => call.body)).toEqual([{ clearedDate: '2026-11-05' }]);
    expect(await screen.findByText('Yes, 05/11/2026')).toBeInTheDocument();
  });

  it('says when the movement is not found', async () => {
    stubApi({ [`GET ${GET}`]: () => ({ status: 404, message: 'Not found' }) });
    renderRecord(['trustAccountRequest']);
    expect(await screen.findByRole('heading', { name: 'Trust movement not found' })).toBeInTheDocument();
  });
});
