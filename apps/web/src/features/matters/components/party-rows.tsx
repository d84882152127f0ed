import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';
import type { MatterFormValues, PartyRole, PartyType } from '../utils/matter-form-values.ts';

export type PartyRowsProps = {
  form: SchemaForm<MatterFormValues>;
  onBlur: () => void;
  /** Row errors show once the section is touched (SPEC.md §5). */
  showErrors: boolean;
};

const ROLE_OPTIONS = [
  { value: 'opposing', label: 'Opposing party' },
  { value: 'related', label: 'Related party' },
];
const TYPE_OPTIONS = [
  { value: 'individual', label: 'Individual' },
  { value: 'company', label: 'Company' },
];

/** Related and opposing parties of the matter; their names go through the conflict check. */
export function PartyRows({ form, onBlur, showErrors }: PartyRowsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'parties' });
  const rows = useWatch({ control: form.control, name: 'parties' });

  return (
    <Stack gap="xs" role="group" aria-labelledby="parties-heading">
      <Text fw={600} id="parties-heading">
        Related and opposing parties
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No parties added.
        </Text>
      )}
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        return (
          <Group key={field.id} align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              label="Party role"
              data={ROLE_OPTIONS}
              value={row.partyRole}
              onChange={(event) => form.setValue(`parties.${index}.partyRole`, event.currentTarget.value as PartyRole)}
            />
            <NativeSelect
              label="Party type"
              data={TYPE_OPTIONS}
              value={row.partyType}
              onChange={(event) => form.setValue(`parties.${index}.partyType`, event.currentTarget.value as PartyType)}
            />
            <TextInput
              label="Party name"
              withAsterisk
              maxLength={160}
              value={row.name}
              onChange={(event) => form.setValue(`parties.${index}.name`, event.currentTarget.value)}
              onBlur={onBlur}
              error={showErrors ? form.issueAt(`parties.${index}.name`) : undefined}
            />
            <TextInput
              label="Party notes"
              maxLength={1000}
              value={row.notes}
              onChange={(event) => form.setValue(`parties.${index}.notes`, event.currentTarget.value)}
              style={{ flex: 1, minWidth: 180 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove party ${row.name.trim() || index + 1}`}
              onClick={() => {
                remove(index);
                form.validate();
              }}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            append({ partyRole: 'opposing', partyType: 'individual', name: '', notes: '' }, { shouldFocus: false });
            form.validate();
          }}
        >
          Add party
        </Button>
      </Group>
    </Stack>
  );
}
