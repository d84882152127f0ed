import { Button, Group, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { MATTER_RATES, type BillRunFiltersInput } from '@matterhorn/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';

export const BILL_RUN_FORM_TEXT = {
  feeEarner: 'Fee earner',
  practiceArea: 'Practice area',
  billingType: 'Billing type',
  minimum: 'Unbilled work at least',
  workUpTo: 'Work up to',
  workUpToHelp: 'Only time entries, expenses and flat fees dated on or before this day',
  clients: 'Clients',
  clientsHelp: 'None chosen: every client',
  matters: 'Matters of these clients',
  mattersHelp: 'None chosen: every matter of the clients',
  mattersFirst: 'Choose clients to pick their matters',
  any: 'Any',
  preview: 'Preview',
  start: 'Start bill run',
  dateRequired: 'Work up to is required',
} as const;

const todayMonthDayYear = () => isoDateToMonthDayYear(new Date().toISOString().slice(0, 10));

type Props = {
  isPreviewing: boolean;
  isStarting: boolean;
  onPreview: (filters: BillRunFiltersInput) => void;
  onStart: (filters: BillRunFiltersInput) => void;
  /** Any change makes the shown preview stale. */
  onChange: () => void;
};

/** The bill run's filters: every one given must hold for a matter to be billed. */
export function BillRunFiltersForm({ isPreviewing, isStarting, onPreview, onStart, onChange }: Props) {
  const members = useQuery(teamMembersQuery);
  const areas = useQuery(practiceAreasQuery);
  const clients = useQuery(associatedClientsQuery);
  const [feeEarnerId, setFeeEarnerId] = useState<string | null>(null);
  const [practiceAreaId, setPracticeAreaId] = useState<string | null>(null);
  const [billingType, setBillingType] = useState<string | null>(null);
  const [minimum, setMinimum] = useState('');
  const [workUpTo, setWorkUpTo] = useState(todayMonthDayYear);
  const [clientIds, setClientIds] = useState<string[]>([]);
  const [matterIds, setMatterIds] = useState<string[]>([]);
  const clientMatters = useQueries({ queries: clientIds.map((clientId) => clientMattersQuery(clientId)) });
  const matterOptions = clientMatters.flatMap((query) =>
    (query.data ?? []).map((matter) => ({
      value: matter.id,
      label: matterOptionLabel(matter),
    })),
  );
  const [dateError, setDateError] = useState<string | null>(null);

  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onChange();
    };

  const filters = (): BillRunFiltersInput | null => {
    const iso = monthDayYearToIsoDate(workUpTo);
    if (!iso) {
      setDateError(BILL_RUN_FORM_TEXT.dateRequired);
      return null;
    }
    setDateError(null);
    return {
      feeEarnerId,
      practiceAreaId,
      billingType: billingType as BillRunFiltersInput['billingType'],
      minimumUnbilled: minimum || null,
      workUpTo: iso,
      clientIds,
      // Only matters of the clients still chosen.
      matterIds: matterIds.filter((id) => matterOptions.some((option) => option.value === id)),
    };
  };
  const clientOptions = [
    ...(clients.data?.people ?? []).map((person) => ({ value: person.userId, label: person.name })),
    ...(clients.data?.companies ?? []).map((company) => ({ value: company.companyId, label: company.companyName })),
  ];

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = filters();
        if (chosen) onPreview(chosen);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Select
          label={BILL_RUN_FORM_TEXT.feeEarner}
          placeholder={BILL_RUN_FORM_TEXT.any}
          data={(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
          value={feeEarnerId}
          onChange={changed(setFeeEarnerId)}
          searchable
          clearable
        />
        <Select
          label={BILL_RUN_FORM_TEXT.practiceArea}
          placeholder={BILL_RUN_FORM_TEXT.any}
          data={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
          value={practiceAreaId}
          onChange={changed(setPracticeAreaId)}
          searchable
          clearable
        />
        <Select
          label={BILL_RUN_FORM_TEXT.billingType}
          placeholder={BILL_RUN_FORM_TEXT.any}
          data={[...MATTER_RATES]}
          value={billingType}
          onChange={changed(setBillingType)}
          clearable
        />
        <MoneyInput label={BILL_RUN_FORM_TEXT.minimum} value={minimum} onChange={changed(setMinimum)} />
        <DatePickerField
          label={BILL_RUN_FORM_TEXT.workUpTo}
          description={BILL_RUN_FORM_TEXT.workUpToHelp}
          value={workUpTo}
          onChange={changed(setWorkUpTo)}
          error={dateError}
          withAsterisk
        />
        <MultiSelect
          label={BILL_RUN_FORM_TEXT.clients}
          placeholder={clientIds.length === 0 ? BILL_RUN_FORM_TEXT.clientsHelp : undefined}
          data={clientOptions}
          value={clientIds}
          onChange={changed(setClientIds)}
          searchable
          clearable
        />
        <MultiSelect
          label={BILL_RUN_FORM_TEXT.matters}
          placeholder={
            clientIds.length === 0 ? BILL_RUN_FORM_TEXT.mattersFirst : matterIds.length === 0 ? BILL_RUN_FORM_TEXT.mattersHelp : undefined
          }
          data={matterOptions}
          value={matterIds.filter((id) => matterOptions.some((option) => option.value === id))}
          onChange={changed(setMatterIds)}
          disabled={clientIds.length === 0}
          searchable
          clearable
        />
      </SimpleGrid>
      <Group gap="sm">
        <Button type="submit" variant="default" loading={isPreviewing}>
          {BILL_RUN_FORM_TEXT.preview}
        </Button>
        <Button
          type="button"
          loading={isStarting}
          onClick={() => {
            const chosen = filters();
            if (chosen) onStart(chosen);
          }}
        >
          {BILL_RUN_FORM_TEXT.start}
        </Button>
      </Group>
    </Stack>
  );
}
