import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { TeamMember } from '@matterhorn/shared';
import { useFieldArray, useWatch } from 'react-hook-form';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';
import type { MatterFormValues } from '../utils/matter-form-values.ts';

export const DUPLICATE_FEE_EARNER = 'Each fee earner can be assigned once';
export const HOURLY_RATE_REQUIRED = 'Hourly rate is required';

export type FeeEarnerRowsProps = {
  form: SchemaForm<MatterFormValues>;
  members: TeamMember[];
  onBlur: () => void;
  /** Row errors show once the section is touched (SPEC.md §5). */
  showErrors: boolean;
  currencySymbol: string;
};

/**
 * The matter's assigned fee earners: one row per team member (each once), with the hourly rate
 * they bill on this matter, prefilled from their default rate and editable.
 */
export function FeeEarnerRows({ form, members, onBlur, showErrors, currencySymbol }: FeeEarnerRowsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'assignees' });
  const rows = useWatch({ control: form.control, name: 'assignees' });
  const chosenIds = new Set(rows.map((row) => row.userId));
  const nameOf = (userId: string) => members.find((member) => member.id === userId)?.name;
  const canAdd = members.length > rows.length;
  const errorOf = (name: `assignees.${number}.userId` | `assignees.${number}.hourlyRate`) => (showErrors ? form.issueAt(name) : undefined);
  // A blank rate is missing, not a malformed amount: say so in the form's usual words.
  const rateErrorOf = (index: number, rate: string) => {
    const issue = errorOf(`assignees.${index}.hourlyRate`);
    return issue && rate.trim() === '' ? HOURLY_RATE_REQUIRED : issue;
  };
  // What is wrong with the rows as a whole: the same member twice, or the API's refusal of one ("Fee earner not found").
  const sectionError = showErrors ? form.issueAt('assignees') : undefined;

  return (
    <Stack gap="xs" role="group" aria-labelledby="fee-earners-heading">
      <Text fw={600} id="fee-earners-heading">
        Assigned fee earners
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No fee earners assigned yet.
        </Text>
      )}
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        const options = members
          .filter((member) => member.id === row.userId || !chosenIds.has(member.id))
          .map((member) => ({ value: member.id, label: member.name }));
        return (
          <Group key={field.id} align="flex-start" gap="sm" wrap="wrap">
            <SearchableSelect
              label="Fee earner"
              withAsterisk
              placeholder="Select fee earner"
              entity="fee earner"
              options={options}
              value={row.userId}
              onChange={(userId) => {
                const member = members.find((candidate) => candidate.id === userId);
                form.setValue(`assignees.${index}`, { userId, hourlyRate: member?.defaultHourlyRate ?? row.hourlyRate });
              }}
              onBlur={onBlur}
              error={errorOf(`assignees.${index}.userId`)}
              className="fee-earner-select"
            />
            <MoneyInput
              label="Hourly rate"
              withAsterisk
              leftSection={currencySymbol || undefined}
              value={row.hourlyRate}
              onChange={(hourlyRate) => form.setValue(`assignees.${index}.hourlyRate`, hourlyRate)}
              onBlur={onBlur}
              error={rateErrorOf(index, row.hourlyRate)}
              w={180}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove fee earner ${nameOf(row.userId) ?? index + 1}`}
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
      {sectionError && (
        <Text size="sm" c="red" role="alert">
          {sectionError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={!canAdd}
          onClick={() => {
            append({ userId: '', hourlyRate: '' }, { shouldFocus: false });
            form.validate();
          }}
        >
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
