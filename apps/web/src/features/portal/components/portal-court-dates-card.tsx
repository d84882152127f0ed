import { Card, Stack, Text } from '@mantine/core';
import { isoToDisplayDate, type PortalCourtDate } from '@matterhorn/shared';

/** The client's next hearings, as the firm shared them: date and time first, then the court and the matter. */
export function PortalCourtDatesCard({ courtDates }: { courtDates: PortalCourtDate[] }) {
  return (
    <Card withBorder component="section" aria-labelledby="portal-court-dates">
      <Stack gap="sm">
        <Text component="h2" id="portal-court-dates" fw={600} size="md" m={0}>
          Next court dates
        </Text>
        {courtDates.length === 0 ? (
          <Text size="sm">No court dates ahead.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {courtDates.map((hearing) => (
              <li key={hearing.courtUpdateId}>
                <Text fw={600}>
                  {isoToDisplayDate(hearing.date)}
                  {hearing.time ? ` at ${hearing.time}` : ''}
                </Text>
                <Text size="sm">
                  {hearing.court} · Suit {hearing.suitNumber}
                </Text>
                <Text size="sm" c="dimmed">
                  {hearing.matterName}
                  {hearing.purpose ? ` · ${hearing.purpose}` : ''}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
