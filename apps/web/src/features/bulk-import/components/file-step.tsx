import { Alert, FileInput, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  BULK_IMPORT_KIND_LABELS,
  BULK_IMPORT_KINDS,
  BULK_IMPORT_MAX_ROWS,
  BULK_IMPORT_MESSAGES,
  type BulkImportKind,
} from '@matterhorn/shared';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ImportColumns } from './import-columns.tsx';

export const IMPORT_ORDER_TEXT =
  'Import clients first, then matters, then time entries, expenses and opening balances: a matter names its client, and everything else names its matter.';
export const OPENING_BALANCES_TEXT =
  'An opening trust balance becomes a cleared opening deposit on the client’s ledger; an opening receivable becomes an issued invoice for what is still owed, booked to Opening balances rather than fee income.';
export const CHOOSE_KIND_TEXT = 'Choose what the file holds';
/** The API's limit: a bigger file is refused here rather than after minutes of uploading. */
const MAX_BYTES = 25 * 1024 * 1024;
export const TOO_LARGE_TEXT = 'This file is larger than 25 MB: split it into smaller files';
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const KIND_OPTIONS = [
  { value: '', label: 'Choose…' },
  ...BULK_IMPORT_KINDS.map((kind) => ({ value: kind, label: BULK_IMPORT_KIND_LABELS[kind] })),
];

const isKind = (value: string): value is BulkImportKind => (BULK_IMPORT_KINDS as readonly string[]).includes(value);

/** Step 1: what the file holds and the file; the API's refusal (not CSV or .xlsx, too large) is shown here. */
export function FileStep({ onUpload }: { onUpload: (kind: BulkImportKind, file: File) => Promise<void> }) {
  const [kind, setKind] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ kind?: string; file?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      kind: isKind(kind) ? undefined : CHOOSE_KIND_TEXT,
      file: !file ? BULK_IMPORT_MESSAGES.noFile : file.size > MAX_BYTES ? TOO_LARGE_TEXT : undefined,
    };
    setErrors(found);
    setFailure(null);
    if (found.kind || found.file || !file || !isKind(kind)) return;
    setIsUploading(true);
    try {
      await onUpload(kind, file);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The file could not be uploaded');
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Choose the file">
      <Stack gap="md" maw={640}>
        <Stack gap={4}>
          <Text>{IMPORT_ORDER_TEXT}</Text>
          <Text size="sm" c="dimmed">
            {OPENING_BALANCES_TEXT}
          </Text>
        </Stack>
        <NativeSelect
          label="What does the file hold?"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value)}
          error={errors.kind}
          required
        />
        {isKind(kind) && <ImportColumns kind={kind} />}
        <FileInput
          label="File"
          description={`CSV or Excel (.xlsx), at most 25 MB and ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} records; its first row names the columns`}
          placeholder="Choose a file"
          accept={ACCEPT}
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          error={errors.file}
          required
        />
        {failure && (
          <Alert color="red" role="alert" title="The file was not uploaded">
            {failure}
          </Alert>
        )}
        <Group>
          <SubmitButton isSubmitting={isUploading}>Upload</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
