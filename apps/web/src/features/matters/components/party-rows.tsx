import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { PartyRole, PartyRow, PartyType } from '../utils/matter-form-values.ts';

export type PartyRowsProps = {
  rows: PartyRow[];
  onChange: (rows: PartyRow[]) => void;
  onBlur: () => void;
  showErrors: boolean;
};

export const PARTY_NAME_REQUIRED = 'Party name is required';

const ROLE_OPTIONS = [
  { value: 'opposing', label: 'Opposing party' },
  { value: 'related', label: 'Related party' },
];
const TYPE_OPTIONS = [
  { value: 'individual', label: 'Individual' },
  { value: 'company', label: 'Company' },
];

/** Related and opposing parties of the matter; their names go through the conflict check. */
export function PartyRows({ rows, onChange, onBlur, showErrors }: PartyRowsProps) {
  const replaceRow = (index: number, next: Partial<PartyRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...next } : row)));

  return (
    <Stack gap="xs" role="group" aria-labelledby="parties-heading">
      <Text fw={600} id="parties-heading">
        Related and opposing parties
      </Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No parties added.
        </Text>
      )}
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label="Party role"
            data={ROLE_OPTIONS}
            value={row.partyRole}
            onChange={(event) => replaceRow(index, { partyRole: event.currentTarget.value as PartyRole })}
          />
          <NativeSelect
            label="Party type"
            data={TYPE_OPTIONS}
            value={row.partyType}
            onChange={(event) => replaceRow(index, { partyType: event.currentTarget.value as PartyType })}
          />
          <TextInput
            label="Party name"
            withAsterisk
            maxLength={160}
            value={row.name}
            onChange={(event) => replaceRow(index, { name: event.currentTarget.value })}
            onBlur={onBlur}
            error={showErrors && row.name.trim() === '' ? PARTY_NAME_REQUIRED : undefined}
          />
          <TextInput
            label="Party notes"
            maxLength={1000}
            value={row.notes}
            onChange={(event) => replaceRow(index, { notes: event.currentTarget.value })}
            style={{ flex: 1, minWidth: 180 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove party ${row.name.trim() || index + 1}`}
            onClick={() => onChange(rows.filter((_, position) => position !== index))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange([...rows, { partyRole: 'opposing', partyType: 'individual', name: '', notes: '' }])}
        >
          Add party
        </Button>
      </Group>
    </Stack>
  );
}
