import { Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  addMoney,
  compareMoney,
  formatMoney,
  INVOICE_PAYMENT_METHODS,
  isMoneyText,
  isWithholdingTaxAsked,
  subtractMoney,
  type InvoiceWithholdingTax,
  type RecordPaymentInput,
} from '@matterhorn/shared';
import { useState } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { todayIso } from '../utils/invoice-display.ts';
import { BankAccountSelect } from '../../../components/bank-account-select.tsx';

type ReasonModalProps = {
  opened: boolean;
  title: string;
  confirmLabel: string;
  /** Who reads the reason, under the field. */
  description?: string;
  /** The server's limit for this reason. */
  maxLength?: number;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
};

/**
 * Void an invoice, reverse a payment, reject an invoice back to draft: a required reason (focused on
 * opening). Closing over a typed reason asks "Discard changes?" first.
 */
export function ReasonModal({ opened, title, confirmLabel, description, maxLength = 1000, onClose, onConfirm }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <GuardedModal opened={opened} onClose={onClose} title={title} hasChanges={() => reason.trim() !== ''}>
      {(requestClose) => (
        <Stack gap="sm">
          <Textarea
            label="Reason"
            withAsterisk
            description={description}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={submitted && reason.trim() === '' ? 'Reason is required' : undefined}
            data-autofocus
            minRows={2}
            maxLength={maxLength}
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
                if (reason.trim() === '' || busy) return;
                setBusy(true);
                try {
                  await onConfirm(reason.trim());
                } finally {
                  setBusy(false);
                }
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}

const INITIAL_METHOD = 'Bank transfer';

type PaymentModalProps = {
  opened: boolean;
  balanceDue: string;
  currencySymbol: string;
  /** The invoice's currency: the bank accounts offered hold it. */
  currencyCode: string | null;
  /** The invoice's WHT figures: the tax to propose and what is left of the fee part; null before issue. */
  withholdingTax?: InvoiceWithholdingTax | null;
  onClose: () => void;
  onConfirm: (payment: RecordPaymentInput) => Promise<void>;
};

/** A complete amount above 0 (a half-typed "800." is not one yet). */
const hasAmount = (text: string) => isMoneyText(text.trim()) && compareMoney(text.trim(), '0') > 0;

/**
 * Record a payment: amount received (more than 0; with the WHT deducted, more than the balance due
 * only with the excess kept as the client's credit), the withholding tax the client deducted
 * (proposed from its rate on the fee part), date, method, reference, and the bank account when the
 * firm has several.
 */
export function RecordPaymentModal({
  opened,
  balanceDue,
  currencySymbol,
  currencyCode,
  withholdingTax,
  onClose,
  onConfirm,
}: PaymentModalProps) {
  const proposedTax = withholdingTax && hasAmount(withholdingTax.proposedAmount) ? withholdingTax.proposedAmount : '';
  const initialAmount = proposedTax && withholdingTax ? withholdingTax.amountToReceive : balanceDue;
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState(initialAmount);
  const [tax, setTax] = useState(proposedTax);
  const [initialDate] = useState(() => isoDateToMonthDayYear(todayIso()));
  const [paymentDate, setPaymentDate] = useState(initialDate);
  const [method, setMethod] = useState<string | null>(INITIAL_METHOD);
  const [reference, setReference] = useState('');
  const [keepExcess, setKeepExcess] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const settled = hasAmount(tax) && hasAmount(amount) ? addMoney(amount.trim(), tax.trim()) : amount;
  const isOver = amount.trim() !== '' && compareMoney(settled, balanceDue) > 0;
  const taxRoom = withholdingTax ? subtractMoney(withholdingTax.feePart, withholdingTax.withheld) : '0';
  const taxError =
    submitted && hasAmount(tax) && compareMoney(tax, taxRoom) > 0
      ? `Withholding tax cannot be more than the fee part of the invoice still open to it (${formatMoney(taxRoom, currencySymbol)})`
      : undefined;
  const amountError = !submitted
    ? undefined
    : amount.trim() === ''
      ? 'Amount is required'
      : compareMoney(amount, '0') <= 0
        ? 'Amount must be greater than 0'
        : isOver && !keepExcess
          ? `The payment${hasAmount(tax) ? ' and the withholding tax together are' : ' is'} more than the balance due (${formatMoney(balanceDue, currencySymbol)})`
          : undefined;
  const dateIso = monthDayYearToIsoDate(paymentDate);
  const hasChanges = () =>
    amount !== initialAmount ||
    tax !== proposedTax ||
    paymentDate !== initialDate ||
    method !== INITIAL_METHOD ||
    reference.trim() !== '' ||
    bankAccountId !== null ||
    keepExcess;
  return (
    <GuardedModal opened={opened} onClose={onClose} title="Record payment" hasChanges={hasChanges}>
      {(requestClose) => (
        <Stack gap="sm">
          <MoneyInput label="Amount" withAsterisk value={amount} onChange={setAmount} error={amountError} />
          {withholdingTax && isWithholdingTaxAsked(withholdingTax) && (
            <MoneyInput
              label="Withholding tax deducted"
              description={`${withholdingTax.rate}% of the fee part (${formatMoney(withholdingTax.feePart, currencySymbol)}), not of VAT or costs. The client sends a credit note for it.`}
              value={tax}
              onChange={setTax}
              error={taxError}
            />
          )}
          {hasAmount(tax) && !isOver && amount.trim() !== '' && (
            <Text size="sm">Settles {formatMoney(settled, currencySymbol)} of the balance due.</Text>
          )}
          {isOver && (
            <Checkbox
              label="Keep the excess as the client’s credit"
              description={`${formatMoney(subtractMoney(settled, balanceDue), currencySymbol)} over the balance due becomes the client’s credit, to apply to another invoice or refund.`}
              checked={keepExcess}
              onChange={(event) => setKeepExcess(event.currentTarget.checked)}
            />
          )}
          <DatePickerField
            label="Payment date"
            withAsterisk
            value={paymentDate}
            onChange={setPaymentDate}
            error={submitted && !dateIso ? 'Payment date is required' : undefined}
          />
          <Select
            label="Method"
            withAsterisk
            data={[...INVOICE_PAYMENT_METHODS]}
            value={method}
            onChange={setMethod}
            allowDeselect={false}
            error={submitted && !method ? 'Payment method is required' : undefined}
          />
          <TextInput label="Reference" value={reference} maxLength={120} onChange={(event) => setReference(event.currentTarget.value)} />
          {currencyCode && <BankAccountSelect money={{ currencyCode }} value={bankAccountId} onChange={setBankAccountId} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setSubmitted(true);
                const isAmountOk = hasAmount(amount) && (!isOver || keepExcess);
                const isTaxOk = !hasAmount(tax) || compareMoney(tax, taxRoom) <= 0;
                if (!isAmountOk || !isTaxOk || !dateIso || !method || busy) return;
                setBusy(true);
                try {
                  await onConfirm({
                    amount: amount.trim(),
                    paymentDate: dateIso,
                    method: method as RecordPaymentInput['method'],
                    reference: reference.trim() || null,
                    bankAccountId,
                    ...(hasAmount(tax) ? { withholdingTaxAmount: tax.trim() } : {}),
                    ...(isOver && keepExcess ? { keepExcessAsCredit: true } : {}),
                  });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Record payment
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}
