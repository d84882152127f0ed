import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CourtUpdate } from '@matterhorn/shared';
import { Link } from 'react-router';
import { formatCourtDate, isSoon } from '../utils/court-update-display.ts';

export const COURT_CALENDAR_PATH = '/calendar';

/** The next adjourned date, first and large: the one thing a lawyer must not miss. */
export function NextHearingCard({ update }: { update: CourtUpdate }) {
  const hasDate = update.nextAdjournedDate !== null;
  const soon = isSoon(update.nextAdjournedDate);
  return (
    <Paper withBorder p="md" radius="md" bg={soon ? 'red.0' : 'blue.0'} component="section" aria-labelledby="next-hearing-heading">
      <Stack gap={6}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" id="next-hearing-heading">
          Next adjourned date
        </Text>
        {hasDate ? (
          <>
            <Group gap="sm" align="baseline">
              <Title order={2} size="h2" data-testid="next-adjourned-date">
                {formatCourtDate(update.nextAdjournedDate)}
                {update.nextAdjournedTime ? ` at ${update.nextAdjournedTime}` : ''}
              </Title>
              {soon && (
                <Badge color="red" variant="filled">
                  Within 14 days
                </Badge>
              )}
            </Group>
            {update.nextAdjournedPurpose && <Text fw={500}>{update.nextAdjournedPurpose}</Text>}
            <Anchor component={Link} to={COURT_CALENDAR_PATH} size="sm">
              Open the court calendar
            </Anchor>
          </>
        ) : (
          <Text c="dimmed">No next date was set at this hearing.</Text>
        )}
      </Stack>
    </Paper>
  );
}
