import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { BULK_IMPORT_FIELDS, BULK_IMPORT_KIND_LABELS, BULK_IMPORT_MESSAGES, type BulkImport } from '@matterhorn/shared';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';

export const NOT_IN_FILE = '— Not in the file —';

export type MappingStepProps = {
  bulkImport: BulkImport;
  /** Saves the mapping and runs the dry run; a refusal throws its message. */
  onCheck: (mapping: Record<string, string | null>) => Promise<void>;
  onStartOver: () => void;
};

/** The file's headers as options: a blank or repeated header cannot be told apart, so it is offered once. */
const headerOptionsOf = (headers: readonly string[]) => [
  { value: '', label: NOT_IN_FILE },
  ...[...new Set(headers.filter((header) => header.trim() !== ''))].map((header) => ({ value: header, label: header })),
];

/**
 * Step 2: each field of the record type and the column it is read from, pre-filled with what the
 * API offered (the firm's saved mapping, else a match by header); saving also checks every row.
 */
export function MappingStep({ bulkImport, onCheck, onStartOver }: MappingStepProps) {
  const fields = BULK_IMPORT_FIELDS[bulkImport.kind];
  const options = headerOptionsOf(bulkImport.headers);
  const [mapping, setMapping] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((field) => {
        const header = bulkImport.mapping[field.name];
        return [field.name, header && bulkImport.headers.includes(header) ? header : ''];
      }),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A dry run that stopped (a restart) comes back here saying so.
  const [failure, setFailure] = useState<string | null>(bulkImport.status === 'uploaded' ? bulkImport.failure : null);
  const [isChecking, setIsChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      fields
        .filter((field) => field.required && !mapping[field.name])
        .map((field) => [field.name, BULK_IMPORT_MESSAGES.requiredField(field.label)]),
    );
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setIsChecking(true);
    try {
      await onCheck(Object.fromEntries(fields.map((field) => [field.name, mapping[field.name] || null])));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The mapping could not be saved');
    } finally {
      setIsChecking(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Match the columns">
      <Stack gap="md">
        <Text maw={820} style={{ overflowWrap: 'anywhere' }}>
          {BULK_IMPORT_KIND_LABELS[bulkImport.kind]} from <strong>{bulkImport.fileName}</strong>: choose the column each field is read from.
          The mapping is kept for your firm’s next file of this kind.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" maw={820}>
          {fields.map((field) => (
            <NativeSelect
              key={field.name}
              label={field.label}
              description={field.hint}
              required={field.required}
              data={options}
              value={mapping[field.name] ?? ''}
              onChange={(event) => {
                const header = event.currentTarget.value;
                setMapping((current) => ({ ...current, [field.name]: header }));
              }}
              error={errors[field.name]}
            />
          ))}
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert" title="The file was not checked" maw={820}>
            {failure}
          </Alert>
        )}
        <Group>
          <SubmitButton isSubmitting={isChecking}>Save mapping and check</SubmitButton>
          <Button variant="subtle" onClick={onStartOver} disabled={isChecking}>
            Choose another file
          </Button>
        </Group>
        {isChecking && (
          <Text size="sm" c="dimmed" role="status">
            Checking every row: nothing is written.
          </Text>
        )}
      </Stack>
    </form>
  );
}
