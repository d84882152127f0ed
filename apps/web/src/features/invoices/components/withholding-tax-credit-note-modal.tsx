import { Button, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, type InvoicePayment } from '@matterhorn/shared';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { GuardedModal } from '../../../components/guarded-modal.tsx';

type Props = {
  payment: InvoicePayment;
  currencySymbol: string;
  onClose: () => void;
  /** Records the number and date, then attaches the file when one was chosen. */
  onConfirm: (creditNote: { creditNoteNumber: string; issueDate: string; file: File | null }) => Promise<void>;
};

/**
 * The client's WHT credit note for the tax it deducted from a payment (ADR 0093): its number and
 * date, and its PDF or scan when the firm has it.
 */
export default function WithholdingTaxCreditNoteModal({ payment, currencySymbol, onClose, onConfirm }: Props) {
  const [creditNoteNumber, setCreditNoteNumber] = useState('');
  const [issueDate, setIssueDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const dateIso = monthDayYearToIsoDate(issueDate);
  return (
    <GuardedModal
      opened
      onClose={onClose}
      title="Record WHT credit note"
      hasChanges={() => creditNoteNumber.trim() !== '' || issueDate !== '' || file !== null}
    >
      {(requestClose) => (
        <Stack gap="sm">
          <Text size="sm">
            For {formatMoney(payment.withholdingTaxAmount, currencySymbol)} withholding tax deducted from payment {payment.receiptNumber}.
          </Text>
          <TextInput
            label="Credit note number"
            withAsterisk
            data-autofocus
            maxLength={60}
            value={creditNoteNumber}
            onChange={(event) => setCreditNoteNumber(event.currentTarget.value)}
            error={submitted && creditNoteNumber.trim() === '' ? 'Credit note number is required' : undefined}
          />
          <DatePickerField
            label="Credit note date"
            withAsterisk
            value={issueDate}
            onChange={setIssueDate}
            error={submitted && !dateIso ? 'Credit note date is required' : undefined}
          />
          <FileInput
            label="Credit note file"
            description="PDF, JPEG or PNG, at most 10 MB"
            placeholder="Choose a file"
            accept="application/pdf,image/jpeg,image/png"
            clearable
            value={file}
            onChange={setFile}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setSubmitted(true);
                if (creditNoteNumber.trim() === '' || !dateIso || busy) return;
                setBusy(true);
                try {
                  await onConfirm({ creditNoteNumber: creditNoteNumber.trim(), issueDate: dateIso, file });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Record credit note
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}
