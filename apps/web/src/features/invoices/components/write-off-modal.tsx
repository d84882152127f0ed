import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { compareMoney, formatMoney } from '@matterhorn/shared';
import { useState } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { todayIso } from '../utils/invoice-display.ts';

type WriteOffModalProps = {
  balanceDue: string;
  currencySymbol: string;
  onClose: () => void;
  onConfirm: (writeOff: { amount: string; reason: string; writeOffDate: string }) => Promise<void>;
};

/** Write off what the client will not pay, to bad debts: an amount (the balance due by default), a reason and a date. */
export default function WriteOffModal({ balanceDue, currencySymbol, onClose, onConfirm }: WriteOffModalProps) {
  const [amount, setAmount] = useState(balanceDue);
  const [reason, setReason] = useState('');
  const [initialDate] = useState(() => isoDateToMonthDayYear(todayIso()));
  const [writeOffDate, setWriteOffDate] = useState(initialDate);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const dateIso = monthDayYearToIsoDate(writeOffDate);
  // The amount's problem, if any, said once: shown after a submit, and what stops it.
  const amountProblem =
    amount.trim() === ''
      ? 'Amount is required'
      : compareMoney(amount, '0') <= 0
        ? 'Amount must be greater than 0'
        : compareMoney(amount, balanceDue) > 0
          ? `The write-off is more than the balance due (${formatMoney(balanceDue, currencySymbol)})`
          : undefined;
  const amountError = submitted ? amountProblem : undefined;
  const hasChanges = () => amount !== balanceDue || reason.trim() !== '' || writeOffDate !== initialDate;
  return (
    <GuardedModal opened onClose={onClose} title="Write off" hasChanges={hasChanges}>
      {(requestClose) => (
        <Stack gap="sm">
          <Text size="sm">The amount goes to bad debts (5400) and comes off what the client owes.</Text>
          <MoneyInput label="Amount" withAsterisk value={amount} onChange={setAmount} error={amountError} />
          <Textarea
            label="Reason"
            withAsterisk
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={submitted && reason.trim() === '' ? 'Reason is required' : undefined}
            data-autofocus
            minRows={2}
            maxLength={1000}
          />
          <DatePickerField
            label="Write-off date"
            withAsterisk
            value={writeOffDate}
            onChange={setWriteOffDate}
            error={submitted && !dateIso ? 'Write-off date is required' : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setSubmitted(true);
                if (amountProblem || reason.trim() === '' || !dateIso || busy) return;
                setBusy(true);
                try {
                  await onConfirm({ amount: amount.trim(), reason: reason.trim(), writeOffDate: dateIso });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Write off
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}
