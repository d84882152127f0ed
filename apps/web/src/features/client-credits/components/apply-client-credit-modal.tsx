import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { compareMoney, formatMoney, isoToDisplayDate, type ClientCreditBalance, type PayableInvoice } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { applyClientCredit, clientCreditKeys } from '../api/client-credits.ts';

const lesser = (a: string, b: string) => (compareMoney(a, b) <= 0 ? a : b);

/**
 * Apply the client's credit in one currency to one of its open invoices in that currency: a payment
 * on the invoice, recorded today. The amount starts at what the credit can pay of the chosen invoice.
 */
export function ApplyClientCreditModal({
  clientId,
  credit,
  invoices,
  onClose,
}: {
  clientId: string;
  credit: ClientCreditBalance;
  invoices: PayableInvoice[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { key } = useIdempotencyKey();
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const invoice = invoices.find((candidate) => candidate.id === invoiceId) ?? null;
  const code = credit.currencyCode;
  const amountError =
    amount.trim() === ''
      ? 'Amount is required'
      : compareMoney(amount, '0') <= 0
        ? 'Amount must be greater than 0'
        : compareMoney(amount, credit.balance) > 0
          ? `The client’s credit is ${code} ${formatMoney(credit.balance)}`
          : invoice && compareMoney(amount, invoice.balanceDue) > 0
            ? `The invoice owes ${code} ${formatMoney(invoice.balanceDue)}`
            : null;

  const submit = async () => {
    setSubmitted(true);
    if (!invoice || amountError || busy) return;
    setBusy(true);
    try {
      await applyClientCredit({ clientId, currencyCode: code, invoiceId: invoice.id, amount: amount.trim() }, key);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientCreditKeys.ofClient(clientId) }),
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      ]);
      onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <AppModal opened onClose={onClose} title={`Apply ${code} credit to an invoice`}>
      <Stack gap="sm">
        <Text size="sm">
          Credit available: {code} {formatMoney(credit.balance)}
        </Text>
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            The client has no open invoice in {code} to pay.
          </Text>
        ) : (
          <>
            <Select
              label="Invoice"
              withAsterisk
              data-autofocus
              placeholder="Choose an open invoice"
              data={invoices.map((open) => ({
                value: open.id,
                label: `${open.invoiceNumber} · owes ${code} ${formatMoney(open.balanceDue)} · due ${isoToDisplayDate(open.dueDate)}`,
              }))}
              value={invoiceId}
              onChange={(picked) => {
                setInvoiceId(picked);
                const owed = invoices.find((candidate) => candidate.id === picked)?.balanceDue;
                if (owed) setAmount(lesser(owed, credit.balance));
              }}
              error={submitted && !invoice ? 'Choose the invoice' : undefined}
              comboboxProps={{ withinPortal: false }}
            />
            <MoneyInput label="Amount" withAsterisk value={amount} onChange={setAmount} error={submitted ? amountError : undefined} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {invoices.length > 0 && (
            <Button loading={busy} onClick={() => void submit()}>
              Apply credit
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
