import { Anchor, Group, Text, Timeline } from '@mantine/core';
import type { CourtUpdateListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { firstLine, formatCourtDate, viewCourtUpdatePath } from '../utils/court-update-display.ts';
import { NextAdjournedCell } from './court-updates-table.tsx';

/** A matter's hearings as a timeline, in the order given (the latest hearing first). */
export function CourtUpdateTimeline({ updates }: { updates: CourtUpdateListItem[] }) {
  if (updates.length === 0) return <Text c="dimmed">No court update on this matter yet.</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="Court history" component="ol" style={{ listStyle: 'none', paddingInlineStart: 0 }}>
      {updates.map((update) => (
        <Timeline.Item
          key={update.id}
          component="li"
          data-testid={`court-update-item-${update.id}`}
          title={
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={viewCourtUpdatePath(update.id)} fw={600}>
                Hearing of {formatCourtDate(update.hearingDate)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {update.suitNumber} · {update.courtName}
                {update.courtDivision ? `, ${update.courtDivision}` : ''}
              </Text>
            </Group>
          }
        >
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {firstLine(update.outcome)}
          </Text>
          <Group gap="xs" mt={6} align="flex-start" wrap="nowrap">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mt={2} style={{ whiteSpace: 'nowrap' }}>
              Next date
            </Text>
            <NextAdjournedCell update={update} />
          </Group>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
