import { Alert, Anchor, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { daysBetween, isoToDisplayDate, type Hearing, type UpcomingHearings } from '@matterhorn/shared';
import { Link } from 'react-router';
import type { HearingScope } from '../api/get-upcoming-hearings.ts';

export const COURT_CALENDAR_PATH = '/calendar';
export const courtUpdatePath = (courtUpdateId: string) => `/view/court-update?id=${encodeURIComponent(courtUpdateId)}`;
export const matterPath = (matterId: string) => `/matter/${encodeURIComponent(matterId)}`;

/** DD/MM/YYYY, led by "Today" or "Tomorrow" counted from the answer's first day (today in the firm's time zone). */
export function hearingDayLabel(date: string, today: string): string {
  const display = isoToDisplayDate(date);
  const offset = daysBetween(today, date);
  if (offset === 0) return `Today, ${display}`;
  if (offset === 1) return `Tomorrow, ${display}`;
  return display;
}

function HearingRow({ hearing, today }: { hearing: Hearing; today: string }) {
  return (
    <li>
      <Text size="sm" fw={600}>
        {hearingDayLabel(hearing.date, today)}
        {hearing.time && ` · ${hearing.time}`} · {hearing.courtName}
      </Text>
      <Text size="sm">
        <Anchor component={Link} to={courtUpdatePath(hearing.courtUpdateId)} size="sm" aria-label={`Court update ${hearing.suitNumber}`}>
          {hearing.suitNumber}
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to={matterPath(hearing.matterId)} size="sm">
          {hearing.matterName}
        </Anchor>
      </Text>
      {hearing.purpose && (
        <Text size="sm" c="dimmed">
          {hearing.purpose}
        </Text>
      )}
    </li>
  );
}

export type UpcomingHearingsCardProps = {
  hearings: UpcomingHearings | null | undefined;
  isLoading: boolean;
  scope: HearingScope;
  onScopeChange: (scope: HearingScope) => void;
  canOpenCalendar: boolean;
};

/** Every firm user's next 14 days in court: their own matters' hearings, or the firm's when they may see it. */
export function UpcomingHearingsCard({ hearings, isLoading, scope, onScopeChange, canOpenCalendar }: UpcomingHearingsCardProps) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upcoming-hearings-title">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id="upcoming-hearings-title">
          Upcoming hearings
        </Title>
        <Group gap="sm">
          {hearings?.canSeeFirm && (
            <SegmentedControl
              size="xs"
              aria-label="Whose hearings"
              value={scope}
              onChange={(value) => onScopeChange(value === 'firm' ? 'firm' : 'mine')}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'firm', label: 'Firm' },
              ]}
            />
          )}
          {canOpenCalendar && (
            <Anchor component={Link} to={COURT_CALENDAR_PATH} size="sm">
              Open court calendar
            </Anchor>
          )}
        </Group>
      </Group>
      {isLoading ? (
        <Text size="sm" c="dimmed">
          Loading hearings…
        </Text>
      ) : !hearings ? (
        <Alert color="red" role="alert">
          The upcoming hearings could not be loaded.
        </Alert>
      ) : hearings.hearings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hearings in the next 14 days
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Hearings">
          {hearings.hearings.map((hearing) => (
            <HearingRow key={`${hearing.courtUpdateId}-${hearing.date}`} hearing={hearing} today={hearings.fromDate} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
