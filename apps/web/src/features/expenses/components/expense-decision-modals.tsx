import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { EXPENSE_PAYMENT_METHODS, expensePaymentSchema, expenseRejectionSchema, todayIso } from '@matterhorn/shared';
import { useState } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { BankAccountSelect } from '../../../components/bank-account-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useReportChanges } from '../../../lib/forms/modal-changes.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { markExpensePaid, rejectExpense } from '../api/expense-api.ts';

type PaymentValues = { paidDate: string; paymentMethod: string; paymentReference: string; bankAccountId: string | null };

type DecisionModalProps = { expenseId: string | null; onClose: () => void; onDone: () => void };

function RejectForm({ expenseId, onClose, onDone }: { expenseId: string; onClose: () => void; onDone: () => void }) {
  const form = useSchemaForm(expenseRejectionSchema, { reason: '' });
  useReportChanges(form.isDirty);
  const submit = form.onSubmit(async (data) => {
    await rejectExpense(expenseId, data.reason);
    onDone();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Reason"
          withAsterisk
          description="Sent to the requester with the decision."
          rows={3}
          data-autofocus
          {...form.inputProps('reason')}
        />
        <SubmitButton isSubmitting={form.isSubmitting} color="red">
          Reject expense
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** Reject needs a reason (the requester is told it); closing over a typed reason asks first. */
export function RejectExpenseModal({ expenseId, onClose, onDone }: DecisionModalProps) {
  return (
    <GuardedModal opened={expenseId !== null} onClose={onClose} title="Reject expense request">
      {expenseId && <RejectForm key={expenseId} expenseId={expenseId} onClose={onClose} onDone={onDone} />}
    </GuardedModal>
  );
}

function PaidForm({ expenseId, onClose, onDone }: { expenseId: string; onClose: () => void; onDone: () => void }) {
  const form = useSchemaForm(expensePaymentSchema, {
    paidDate: todayIso(),
    paymentMethod: '',
    paymentReference: '',
    bankAccountId: null,
  } as PaymentValues);
  useReportChanges(form.isDirty);
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(todayIso()));
  const submit = form.onSubmit(async (data) => {
    await markExpensePaid(expenseId, data);
    onDone();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <DatePickerField
          label="Paid date"
          withAsterisk
          value={dateText}
          onChange={(monthDayYear) => {
            setDateText(monthDayYear);
            form.setValue('paidDate', monthDayYearToIsoDate(monthDayYear) ?? '');
          }}
          onBlur={() => form.touch('paidDate')}
          error={form.errorFor('paidDate')}
        />
        <Select
          label="Payment method"
          withAsterisk
          placeholder="Select method"
          data={[...EXPENSE_PAYMENT_METHODS]}
          comboboxProps={{ withinPortal: false }}
          {...form.selectProps('paymentMethod')}
        />
        <TextInput label="Payment reference" {...form.inputProps('paymentReference')} />
        <BankAccountSelect
          money={{ expenseId }}
          value={bankAccountId}
          onChange={(chosen) => {
            setBankAccountId(chosen);
            form.setValue('bankAccountId', chosen);
          }}
        />
        <SubmitButton isSubmitting={form.isSubmitting}>Mark paid</SubmitButton>
      </Stack>
    </form>
  );
}

/** Paid date, method and reference of a reimbursement or payment; closing over changes asks first. */
export function MarkPaidModal({ expenseId, onClose, onDone }: DecisionModalProps) {
  return (
    <GuardedModal opened={expenseId !== null} onClose={onClose} title="Mark expense paid">
      {expenseId && <PaidForm key={expenseId} expenseId={expenseId} onClose={onClose} onDone={onDone} />}
    </GuardedModal>
  );
}
