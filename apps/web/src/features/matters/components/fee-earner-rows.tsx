import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { matterAssigneeInputSchema, type TeamMember } from '@matterhorn/shared';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { AssigneeRow } from '../utils/matter-form-values.ts';

export type FeeEarnerRowsProps = {
  rows: AssigneeRow[];
  members: TeamMember[];
  onChange: (rows: AssigneeRow[]) => void;
  onBlur: () => void;
  /** Row errors show once the section is touched (SPEC.md §5). */
  showErrors: boolean;
  /** A section-level error, e.g. 'Each fee earner can be assigned once'. */
  error?: string;
  currencySymbol: string;
};

/** The first error of each field of a row, by field name. */
export function assigneeRowErrors(row: AssigneeRow): Partial<Record<keyof AssigneeRow, string>> {
  const result = matterAssigneeInputSchema.safeParse(row);
  if (result.success) return {};
  const errors: Partial<Record<keyof AssigneeRow, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof AssigneeRow;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The matter's assigned fee earners: one row per team member (each once), with the hourly rate
 * they bill on this matter, prefilled from their default rate and editable.
 */
export function FeeEarnerRows({ rows, members, onChange, onBlur, showErrors, error, currencySymbol }: FeeEarnerRowsProps) {
  const chosenIds = new Set(rows.map((row) => row.userId));
  const replaceRow = (index: number, next: AssigneeRow) => onChange(rows.map((row, position) => (position === index ? next : row)));
  const nameOf = (userId: string) => members.find((member) => member.id === userId)?.name;
  const canAdd = members.length > rows.length;

  return (
    <Stack gap="xs" role="group" aria-labelledby="fee-earners-heading">
      <Text fw={600} id="fee-earners-heading">
        Assigned fee earners
      </Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No fee earners assigned yet.
        </Text>
      )}
      {rows.map((row, index) => {
        const errors = showErrors ? assigneeRowErrors(row) : {};
        const options = members
          .filter((member) => member.id === row.userId || !chosenIds.has(member.id))
          .map((member) => ({ value: member.id, label: member.name }));
        return (
          <Group key={index} align="flex-start" gap="sm" wrap="wrap">
            <SearchableSelect
              label="Fee earner"
              withAsterisk
              placeholder="Select fee earner"
              entity="fee earner"
              options={options}
              value={row.userId}
              onChange={(userId) => {
                const member = members.find((candidate) => candidate.id === userId);
                replaceRow(index, { userId, hourlyRate: member?.defaultHourlyRate ?? row.hourlyRate });
              }}
              onBlur={onBlur}
              error={errors.userId}
              className="fee-earner-select"
            />
            <MoneyInput
              label="Hourly rate"
              withAsterisk
              leftSection={currencySymbol || undefined}
              value={row.hourlyRate}
              onChange={(hourlyRate) => replaceRow(index, { ...row, hourlyRate })}
              onBlur={onBlur}
              error={errors.hourlyRate}
              w={180}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove fee earner ${nameOf(row.userId) ?? index + 1}`}
              onClick={() => onChange(rows.filter((_, position) => position !== index))}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" disabled={!canAdd} onClick={() => onChange([...rows, { userId: '', hourlyRate: '' }])}>
          Add fee earner
        </Button>
        {!canAdd && members.length > 0 && (
          <Text size="xs" c="dimmed">
            Every team member is assigned.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
