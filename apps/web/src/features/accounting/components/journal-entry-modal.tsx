import { ActionIcon, Alert, Button, FileInput, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney, journalEntryInputSchema, type LedgerAccount } from '@matterhorn/shared';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { AppModal } from '../../../components/app-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { toast } from '../../../lib/toasts.ts';
import { addJournalAttachment, createJournalEntry } from '../api/accounting-api.ts';
import { useState } from 'react';
import { IsoDateField } from './iso-date-field.tsx';
import { LineClientMatter } from './line-client-matter.tsx';
import { journalTotals, type DraftLine } from '../utils/journal-totals.ts';

const HOME = 'Home currency';
const blankLine = (): DraftLine => ({ accountId: '', debit: '', credit: '', currencyCode: '', clientId: '', matterId: '', memo: '' });
const today = () => new Date().toLocaleDateString('en-CA');

type Values = { entryDate: string; reference: string; memo: string; lines: DraftLine[] };

function JournalEntryForm({ accounts, onClose, onSaved }: { accounts: LedgerAccount[]; onClose: () => void; onSaved: () => void }) {
  const idempotency = useIdempotencyKey();
  const form = useSchemaForm(journalEntryInputSchema, {
    entryDate: today(),
    reference: '',
    memo: '',
    lines: [blankLine(), blankLine()],
  } satisfies Values);
  const lines = form.values.lines;
  // Accounts a module keeps (receivables, trust, unapplied cash, paid expenses) are not posted to by hand.
  const options = accounts
    .filter((account) => account.isActive && !account.ownedByModule)
    .map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }));
  const totals = journalTotals(lines, HOME);
  const setLines = (next: DraftLine[]) => form.setValue('lines', next);
  const setLine = (index: number, change: Partial<DraftLine>) =>
    setLines(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const [files, setFiles] = useState<File[]>([]);
  const submit = form.onSubmit(async (data) => {
    const entry = await createJournalEntry(data, idempotency.key);
    idempotency.renew();
    // The entry is posted: its evidence follows it, and a file the server refuses leaves the entry as it is.
    for (const file of files) {
      await addJournalAttachment(entry.id, file).catch((error: unknown) =>
        toast.error(`${file.name}: ${error instanceof Error ? error.message : 'not attached'}`),
      );
    }
    onSaved();
    onClose();
  });
  const linesIssue = form.errorFor('lines');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group grow align="flex-start" wrap="wrap">
          <IsoDateField label="Date" withAsterisk {...form.valueProps('entryDate')} />
          <TextInput label="Reference" miw={160} data-autofocus {...form.inputProps('reference')} />
        </Group>
        <TextInput label="Memo" withAsterisk {...form.inputProps('memo')} />
        <Table.ScrollContainer minWidth={940} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label="Journal lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Account</Table.Th>
                <Table.Th scope="col">Debit</Table.Th>
                <Table.Th scope="col">Credit</Table.Th>
                <Table.Th scope="col">Currency</Table.Th>
                <Table.Th scope="col">Client and matter</Table.Th>
                <Table.Th scope="col">Line memo</Table.Th>
                <Table.Th scope="col">
                  <Text span size="xs" c="dimmed">
                    Remove
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td miw={220}>
                    <Select
                      label={`Line ${index + 1} account`}
                      searchable
                      data={options}
                      value={line.accountId || null}
                      onChange={(value) => setLine(index, { accountId: value ?? '' })}
                      error={form.errorFor(`lines.${index}.accountId`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      label={`Line ${index + 1} debit`}
                      value={line.debit}
                      onChange={(debit) => setLine(index, { debit, ...(debit ? { credit: '' } : {}) })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      label={`Line ${index + 1} credit`}
                      value={line.credit}
                      onChange={(credit) => setLine(index, { credit, ...(credit ? { debit: '' } : {}) })}
                    />
                  </Table.Td>
                  <Table.Td w={110}>
                    <TextInput
                      label={`Line ${index + 1} currency`}
                      placeholder="Home"
                      maxLength={3}
                      value={line.currencyCode}
                      onChange={(event) => setLine(index, { currencyCode: event.currentTarget.value.toUpperCase() })}
                      error={form.errorFor(`lines.${index}.currencyCode`)}
                    />
                  </Table.Td>
                  <Table.Td miw={220}>
                    <LineClientMatter
                      lineLabel={`Line ${index + 1}`}
                      clientId={line.clientId}
                      matterId={line.matterId}
                      onChange={(change) => setLine(index, change)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      label={`Line ${index + 1} memo`}
                      value={line.memo}
                      onChange={(event) => setLine(index, { memo: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={24}
                      aria-label={`Remove line ${index + 1}`}
                      disabled={lines.length <= 2}
                      onClick={() => setLines(lines.filter((_line, at) => at !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button variant="default" onClick={() => setLines([...lines, blankLine()])}>
            Add line
          </Button>
        </Group>
        {linesIssue && (
          <Text c="red" size="sm">
            {linesIssue}
          </Text>
        )}
        <Stack gap={4} aria-live="polite" data-testid="journal-balance">
          {totals.map((total) => (
            <Alert key={total.currency} color={total.isBalanced ? 'green' : 'orange'} p="xs">
              {total.currency}: debits {formatMoney(total.debit)}, credits {formatMoney(total.credit)} —{' '}
              {total.isBalanced ? 'balanced' : `out by ${formatMoney(total.difference)}`}
            </Alert>
          ))}
        </Stack>
        <FileInput
          label="Attachments"
          description="Receipts or bank letters: PDF, JPEG, PNG or HEIC, at most 10 MB each"
          placeholder="Choose files"
          multiple
          clearable
          accept="application/pdf,image/jpeg,image/png,image/heic"
          value={files}
          onChange={setFiles}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton type="submit" isSubmitting={form.isSubmitting}>
            Post entry
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

export function JournalEntryModal({
  opened,
  accounts,
  onClose,
  onSaved,
}: {
  opened: boolean;
  accounts: LedgerAccount[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  return (
    <AppModal opened={opened} onClose={onClose} title="New journal entry" size="xl" fullScreen={isPhone}>
      {opened && <JournalEntryForm accounts={accounts} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}
