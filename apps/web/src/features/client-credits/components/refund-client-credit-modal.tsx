import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { compareMoney, formatMoney, todayIso, type ClientCreditBalance } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { BankAccountSelect } from '../../../components/bank-account-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { clientCreditKeys, refundClientCredit } from '../api/client-credits.ts';

/** Pay some or all of the client's credit in one currency back: amount, date, reference, and the bank account when the firm has several. */
export function RefundClientCreditModal({
  clientId,
  credit,
  onClose,
}: {
  clientId: string;
  credit: ClientCreditBalance;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { key } = useIdempotencyKey();
  const code = credit.currencyCode;
  const [amount, setAmount] = useState(credit.balance);
  const [refundDate, setRefundDate] = useState(isoDateToMonthDayYear(todayIso()));
  const [reference, setReference] = useState('');
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const dateIso = monthDayYearToIsoDate(refundDate);
  const amountError =
    amount.trim() === ''
      ? 'Amount is required'
      : compareMoney(amount, '0') <= 0
        ? 'Amount must be greater than 0'
        : compareMoney(amount, credit.balance) > 0
          ? `The client’s credit is ${code} ${formatMoney(credit.balance)}`
          : null;

  const submit = async () => {
    setSubmitted(true);
    if (amountError || !dateIso || reference.trim() === '' || busy) return;
    setBusy(true);
    try {
      await refundClientCredit(
        { clientId, currencyCode: code, amount: amount.trim(), refundDate: dateIso, reference: reference.trim(), bankAccountId },
        key,
      );
      await queryClient.invalidateQueries({ queryKey: clientCreditKeys.ofClient(clientId) });
      onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <AppModal opened onClose={onClose} title={`Refund ${code} credit`}>
      <Stack gap="sm">
        <Text size="sm">
          Credit available: {code} {formatMoney(credit.balance)}
        </Text>
        <MoneyInput
          label="Amount"
          withAsterisk
          data-autofocus
          value={amount}
          onChange={setAmount}
          error={submitted ? amountError : undefined}
        />
        <DatePickerField
          label="Refund date"
          withAsterisk
          value={refundDate}
          onChange={setRefundDate}
          error={submitted && !dateIso ? 'Refund date is required' : undefined}
        />
        <TextInput
          label="Reference"
          withAsterisk
          description="How the money went out: a transfer or cheque number"
          value={reference}
          maxLength={120}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={submitted && reference.trim() === '' ? 'Reference is required' : undefined}
        />
        <BankAccountSelect money={{ currencyCode: code }} value={bankAccountId} onChange={setBankAccountId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            Refund
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
