import { Alert, Button, FileInput, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type PaymentReport } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { reportBankTransfer, type TransferItem } from '../api/portal-trust-api.ts';

const STATUS_WORDS = { reported: 'waiting for your firm to confirm it', confirmed: 'confirmed', rejected: 'not confirmed' } as const;

/** The client's transfers reported on this invoice (or trust request), and the firm's word on each. */
export function ReportedTransfers({ reports, currencySymbol }: { reports: PaymentReport[]; currencySymbol: string }) {
  return reports.map((report) => (
    <Text key={report.id} size="sm">
      You reported {formatMoney(report.amount, currencySymbol)} paid on {isoToDisplayDate(report.paymentDate)}:{' '}
      {STATUS_WORDS[report.status]}
      {report.rejectionReason ? ` (${report.rejectionReason})` : ''}
    </Text>
  ));
}

/**
 * "I paid by bank transfer" for an invoice or a trust request: amount, date, reference and the
 * proof; nothing is paid until the firm confirms.
 */
export function ReportTransferForm({ clientId, item, balanceDue }: { clientId: string | null; item: TransferItem; balanceDue: string }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(balanceDue);
  // MM/DD/YYYY from the date field ('' while it holds no real date); the API takes ISO.
  const [paymentDate, setPaymentDate] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [isSending, setIsSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const paymentDateIso = monthDayYearToIsoDate(paymentDate);
    if (!proof || !paymentDateIso) {
      setError(!paymentDateIso ? 'Payment date is required' : 'Attach the proof of payment');
      return;
    }
    setIsSending(true);
    setError('');
    try {
      await reportBankTransfer({ ...item, amount, paymentDate: paymentDateIso, reference }, proof);
      await queryClient.invalidateQueries({ queryKey: ['portal', clientId, 'payment-reports'] });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The payment could not be reported');
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form aria-label="Report a bank transfer" onSubmit={(event) => void submit(event)}>
      <Stack gap="xs" mt="xs">
        <Text size="sm" fw={600}>
          Paid by bank transfer? Tell your firm
        </Text>
        <TextInput label="Amount paid" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} inputMode="decimal" />
        <DatePickerField label="Date paid" value={paymentDate} onChange={setPaymentDate} />
        <TextInput label="Bank reference" value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
        <FileInput label="Proof of payment" placeholder="PDF or photo of the receipt" value={proof} onChange={setProof} clearable />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={isSending} w="fit-content">
          Report payment
        </Button>
      </Stack>
    </form>
  );
}
