import { Alert, Card, FileInput, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TRUST_RECONCILIATION_MESSAGES, type BankStatement } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { importBankStatement, reconciliationKeys, recordBankBalance } from '../api/reconciliation-api.ts';

/** Import a statement CSV (date, description, amount, balance), then see how many lines matched. */
function ImportStatementForm({ trustAccountId }: { trustAccountId: string }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [result, setResult] = useState<BankStatement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a bank statement CSV file to import');
      return;
    }
    setIsImporting(true);
    setError(null);
    setResult(null);
    try {
      setResult(await importBankStatement(trustAccountId, file));
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(trustAccountId) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The statement could not be imported');
    } finally {
      setIsImporting(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Import a bank statement" noValidate>
      <Stack gap="xs">
        <FileInput
          label="Bank statement (CSV)"
          description="Columns: date, description, amount (money out negative), balance"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          placeholder="Choose a file"
        />
        <Group>
          <SubmitButton isSubmitting={isImporting}>Import statement</SubmitButton>
        </Group>
        {isImporting && <Progress value={100} animated aria-label="Importing the statement" />}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Alert color="green" role="status" title="Statement imported">
            {TRUST_RECONCILIATION_MESSAGES.importedCounts(result.alreadyImportedCount, result.lineCount)}: {result.matchedCount} matched,{' '}
            {result.unmatchedCount} to match by hand.
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** A statement's balance on a date, entered by hand (no lines). */
function RecordBalanceForm({ trustAccountId }: { trustAccountId: string }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [balance, setBalance] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const iso = monthDayYearToIsoDate(date);
    if (!iso || balance === '') {
      setError(!iso ? 'Balance date is required' : 'Balance is required');
      return;
    }
    setError(null);
    setIsSaving(true);
    try {
      await recordBankBalance(trustAccountId, iso, balance);
      setBalance('');
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(trustAccountId) });
    } catch {
      // The call toasted the reason.
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Enter the bank balance" noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DatePickerField label="Balance date" value={date} onChange={setDate} withAsterisk />
          <MoneyInput label="Bank balance" value={balance} onChange={setBalance} withAsterisk />
        </SimpleGrid>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <SubmitButton variant="secondary" isSubmitting={isSaving}>
            Save balance
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

export function BankStatementForms({ trustAccountId }: { trustAccountId: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="bank-side-title">
      <Title order={3} size="h4" id="bank-side-title" mb="xs">
        The bank’s side
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ImportStatementForm trustAccountId={trustAccountId} />
        <RecordBalanceForm trustAccountId={trustAccountId} />
      </SimpleGrid>
    </Card>
  );
}
