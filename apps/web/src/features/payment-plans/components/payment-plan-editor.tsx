import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  addMonths,
  compareMoney,
  equalMonthlyInstalments,
  formatMoney,
  isMoneyText,
  PAYMENT_PLAN_LIMITS,
  planDifferenceMessage,
  sumInstalments,
  type InstalmentDraft,
} from '@matterhorn/shared';
import { useState, type FormEvent } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';

export const PLAN_EDITOR_TEXT = {
  helperTitle: 'Equal parts, every month',
  parts: 'Number of instalments',
  firstDate: 'First due date',
  fill: 'Fill in equal parts',
  addRow: 'Add instalment',
  save: 'Save plan',
  cancel: 'Cancel',
  adds: 'The instalments add up to the balance',
  missingDate: (number: number) => `Choose instalment ${number}’s due date`,
} as const;

type Row = { key: number; dueDate: string; amount: string };

let nextKey = 0;
const rowsOf = (drafts: InstalmentDraft[]): Row[] => drafts.map((draft) => ({ key: nextKey++, ...draft }));

/**
 * The instalments being set up: each row's due date and amount, the equal-parts helper, and the
 * difference from the balance said live (before Save) in the words the server would refuse with.
 */
export function PaymentPlanEditor({
  balanceDue,
  currencySymbol,
  today,
  onSave,
  onCancel,
}: {
  balanceDue: string;
  currencySymbol: string;
  today: string;
  onSave: (instalments: InstalmentDraft[]) => Promise<void>;
  onCancel: () => void;
}) {
  const [parts, setParts] = useState('3');
  const [firstDate, setFirstDate] = useState(today);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(equalMonthlyInstalments(balanceDue, 3, today)));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const count = Number(parts);
  const isCountValid =
    Number.isInteger(count) && count >= PAYMENT_PLAN_LIMITS.minInstalments && count <= PAYMENT_PLAN_LIMITS.maxInstalments;
  // A half-typed amount ("12.") counts as what it reads so far.
  const amounts = rows.map((row) => ({ amount: isMoneyText(row.amount.replace(/\.$/, '')) ? row.amount.replace(/\.$/, '') : '0' }));
  const difference = planDifferenceMessage(amounts, balanceDue);

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const fill = () => {
    if (isCountValid && firstDate) setRows(rowsOf(equalMonthlyInstalments(balanceDue, count, firstDate)));
  };
  const addRow = () => {
    const last = rows.at(-1);
    setRows([...rows, { key: nextKey++, dueDate: last?.dueDate ? addMonths(last.dueDate, 1) : today, amount: '' }]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const undated = rows.findIndex((row) => !row.dueDate);
    if (undated >= 0) return setError(PLAN_EDITOR_TEXT.missingDate(undated + 1));
    if (difference) return setError(difference);
    setError(null);
    setIsSaving(true);
    try {
      await onSave(rows.map(({ dueDate, amount }) => ({ dueDate, amount })));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The plan could not be saved');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form aria-label="Payment plan instalments" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Paper withBorder p="sm" radius="sm" component="fieldset" style={{ margin: 0 }}>
          <Title order={4} size="h6" component="legend" px={4}>
            {PLAN_EDITOR_TEXT.helperTitle}
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={PLAN_EDITOR_TEXT.parts}
              value={parts}
              onChange={(event) => setParts(event.currentTarget.value.replace(/\D/g, ''))}
              inputMode="numeric"
              w={170}
              error={
                parts && !isCountValid ? `From ${PAYMENT_PLAN_LIMITS.minInstalments} to ${PAYMENT_PLAN_LIMITS.maxInstalments}` : undefined
              }
            />
            <DatePickerField
              label={PLAN_EDITOR_TEXT.firstDate}
              value={isoDateToMonthDayYear(firstDate)}
              onChange={(monthDayYear) => setFirstDate(monthDayYearToIsoDate(monthDayYear) ?? '')}
              minDate={today}
            />
            <Button variant="light" onClick={fill} disabled={!isCountValid || !firstDate}>
              {PLAN_EDITOR_TEXT.fill}
            </Button>
          </Group>
        </Paper>

        {rows.map((row, index) => (
          <Group key={row.key} align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={`Instalment ${index + 1}`}>
            <Text size="sm" fw={600} w={24} pb={8}>
              {index + 1}.
            </Text>
            <DatePickerField
              label={`Instalment ${index + 1} due date`}
              value={isoDateToMonthDayYear(row.dueDate)}
              onChange={(monthDayYear) => update(row.key, { dueDate: monthDayYearToIsoDate(monthDayYear) ?? '' })}
              minDate={today}
            />
            <MoneyInput
              label={`Instalment ${index + 1} amount`}
              value={row.amount}
              onChange={(amount) => update(row.key, { amount })}
              leftSection={currencySymbol || undefined}
              w={170}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
              disabled={rows.length <= PAYMENT_PLAN_LIMITS.minInstalments}
              aria-label={`Remove instalment ${index + 1}`}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Button variant="subtle" w="fit-content" onClick={addRow} disabled={rows.length >= PAYMENT_PLAN_LIMITS.maxInstalments}>
          {PLAN_EDITOR_TEXT.addRow}
        </Button>

        <Text size="sm" aria-live="polite" c={difference ? 'red.8' : 'green.9'} data-testid="plan-difference">
          {difference ??
            `${PLAN_EDITOR_TEXT.adds}: ${formatMoney(sumInstalments(amounts), currencySymbol)} of ${formatMoney(balanceDue, currencySymbol)}`}
        </Text>
        {error && error !== difference && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={isSaving} disabled={compareMoney(balanceDue, '0') <= 0}>
            {PLAN_EDITOR_TEXT.save}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {PLAN_EDITOR_TEXT.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
