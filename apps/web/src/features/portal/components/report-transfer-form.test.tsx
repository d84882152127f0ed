import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { ReportTransferForm } from './report-transfer-form.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const session = fakeSession({ isFirmSignedIn: false, isClientSignedIn: true, clientId: CLIENT_ID, company: 'obi' });
const REPORT_CALL = '/client-portal/report-bank-transfer';

const render = () =>
  renderAt(<ReportTransferForm clientId={CLIENT_ID} item={{ InvoiceId: 'i1' }} balanceDue="100000.25" />, {
    path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`,
    session,
  });
const datePaid = () => screen.getByRole('combobox', { name: 'Date paid' });

async function attachProof(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole('form', { name: 'Report a bank transfer' });
  await user.upload(
    form.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File(['%PDF-1.7'], 'transfer.pdf', { type: 'application/pdf' }),
  );
}

describe('ReportTransferForm', { timeout: 30_000 }, () => {
  it('takes the date paid as DD/MM/YYYY, keeps showing it so, and reports it to the firm as an ISO date', async () => {
    const api = stubApi({ [`POST ${REPORT_CALL}`]: { data: null } });
    const user = userEvent.setup();
    render();
    expect(datePaid()).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await user.type(datePaid(), '07/10/2026');
    expect(datePaid()).toHaveValue('07/10/2026');
    await attachProof(user);
    await user.click(screen.getByRole('button', { name: 'Report payment' }));
    await waitFor(() => expect(api.callsTo('POST', REPORT_CALL)).toHaveLength(1));
    const sent = String(api.callsTo('POST', REPORT_CALL)[0]!.body);
    expect(sent).toContain('name="paymentDate"\r\n\r\n2026-10-07');
    expect(sent).not.toContain('07/10/2026');
    expect(datePaid()).toHaveValue('07/10/2026');
  });

  it('refuses a date paid that is not a real date, as it refuses none, and reports nothing', async () => {
    const api = stubApi({ [`POST ${REPORT_CALL}`]: { data: null } });
    const user = userEvent.setup();
    render();
    await attachProof(user);
    await user.click(screen.getByRole('button', { name: 'Report payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment date is required');

    await user.type(datePaid(), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Report payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Payment date is required');
    expect(screen.getByText('Enter a date as DD/MM/YYYY')).toBeInTheDocument();
    expect(api.callsTo('POST', REPORT_CALL)).toHaveLength(0);
  });
});
