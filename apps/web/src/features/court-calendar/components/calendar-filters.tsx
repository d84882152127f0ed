import { Button, Input, Paper, SegmentedControl, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { courtsQuery } from '../api/hearings.ts';
import type { CalendarParamChanges, CalendarScope } from '../utils/calendar-params.ts';

export const SCOPE_LABELS: Record<CalendarScope, string> = { mine: 'My calendar', firm: 'Firm calendar' };
export const COURT_DATES_ONLY = 'Court dates only';
export const MY_COURT_DATES_ONLY = 'Court dates of your matters only';

export type CalendarFiltersProps = {
  feeEarnerId: string;
  courtId: string;
  scope: CalendarScope;
  /** Whether the firm's calendar is offered at all. */
  canSeeFirm: boolean;
  /** Whether the firm's court dates are shown with it (they need the court update permission). */
  canSeeFirmHearings: boolean;
  onChange: (changes: CalendarParamChanges) => void;
};

/**
 * Whose calendar (mine or the firm's), and the court dates of one fee earner or one court: every
 * change lands in the URL. On a phone the two court-date filters fold behind a button (shown when
 * one is set), so the calendar itself starts on the first screen.
 */
export function CalendarFilters({ feeEarnerId, courtId, scope, canSeeFirm, canSeeFirmHearings, onChange }: CalendarFiltersProps) {
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [isOpen, setIsOpen] = useState(false);
  const showsCourtDateFilters = !isPhone || isOpen || feeEarnerId !== '' || courtId !== '';
  // Deactivated members stay: their past hearings stay filterable.
  const members = useQuery({ ...teamMembersQuery, enabled: showsCourtDateFilters });
  const courts = useQuery({ ...courtsQuery, enabled: showsCourtDateFilters });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {canSeeFirm && (
          <Input.Wrapper
            label="Calendar"
            id="calendar-scope"
            description={scope === 'firm' && !canSeeFirmHearings ? MY_COURT_DATES_ONLY : undefined}
            inputWrapperOrder={['label', 'input', 'description']}
          >
            <SegmentedControl
              fullWidth
              aria-labelledby="calendar-scope-label"
              aria-describedby={scope === 'firm' && !canSeeFirmHearings ? 'calendar-scope-description' : undefined}
              value={scope}
              onChange={(value) => onChange({ scope: value })}
              data={[
                { value: 'mine', label: SCOPE_LABELS.mine },
                { value: 'firm', label: SCOPE_LABELS.firm },
              ]}
            />
          </Input.Wrapper>
        )}
        {showsCourtDateFilters ? (
          <>
            <SearchableSelect
              label="Fee earner"
              entity="fee earner"
              description={COURT_DATES_ONLY}
              options={[
                { value: '', label: 'All fee earners' },
                ...(members.data ?? []).map((user) => ({ value: user.id, label: user.name })),
              ]}
              value={feeEarnerId}
              onChange={(feeEarner) => onChange({ feeEarnerId: feeEarner })}
            />
            <SearchableSelect
              label="Court"
              entity="court"
              description={COURT_DATES_ONLY}
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
          </>
        ) : (
          <Button variant="default" onClick={() => setIsOpen(true)}>
            Fee earner and court filters
          </Button>
        )}
      </SimpleGrid>
    </Paper>
  );
}
