import { Input, Paper, SegmentedControl, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { courtsQuery } from '../api/hearings.ts';
import type { CalendarParamChanges, HearingScope } from '../utils/calendar-params.ts';

export type CalendarFiltersProps = {
  feeEarnerId: string;
  courtId: string;
  scope: HearingScope;
  canSeeFirm: boolean;
  onChange: (changes: CalendarParamChanges) => void;
};

/** Whose hearings (mine or the firm's), one fee earner's, one court's: every change lands in the URL. */
export function CalendarFilters({ feeEarnerId, courtId, scope, canSeeFirm, onChange }: CalendarFiltersProps) {
  // Deactivated members stay: their past hearings stay filterable.
  const members = useQuery(teamMembersQuery);
  const courts = useQuery(courtsQuery);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SearchableSelect
          label="Fee earner"
          entity="fee earner"
          options={[{ value: '', label: 'All fee earners' }, ...(members.data ?? []).map((user) => ({ value: user.id, label: user.name }))]}
          value={feeEarnerId}
          onChange={(feeEarner) => onChange({ feeEarnerId: feeEarner })}
        />
        <SearchableSelect
          label="Court"
          entity="court"
          options={[
            { value: '', label: 'All courts' },
            ...(courts.data ?? []).map((court) => ({
              value: court.id,
              label: court.division ? `${court.name} (${court.division})` : court.name,
            })),
          ]}
          value={courtId}
          onChange={(court) => onChange({ courtId: court })}
        />
        {canSeeFirm && (
          <Input.Wrapper label="Matters" id="calendar-scope">
            <SegmentedControl
              fullWidth
              aria-labelledby="calendar-scope-label"
              value={scope}
              onChange={(value) => onChange({ scope: value })}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'firm', label: 'Firm' },
              ]}
            />
          </Input.Wrapper>
        )}
      </SimpleGrid>
    </Paper>
  );
}
