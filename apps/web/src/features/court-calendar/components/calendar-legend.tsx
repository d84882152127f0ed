import { Chip, Group, Text } from '@mantine/core';
import { CALENDAR_EVENT_KINDS } from '@matterhorn/shared';
import { ITEM_KIND_LABELS } from '../utils/calendar-items.ts';
import { CALENDAR_ITEM_KINDS, type CalendarItemKind } from '../utils/calendar-params.ts';
import { colourStyle, ITEM_COLOURS } from '../utils/item-colours.ts';

function Swatch({ kind }: { kind: keyof typeof ITEM_COLOURS }) {
  return (
    <span className="calendar-item-swatch" style={colourStyle(ITEM_COLOURS[kind], kind === 'task' ? 'dashed' : 'solid')} aria-hidden />
  );
}

export type CalendarLegendProps = {
  hidden: CalendarItemKind[];
  onChange: (hidden: CalendarItemKind[]) => void;
};

/** What each colour means, and a switch per kind: court dates, tasks and events can each be hidden. */
export function CalendarLegend({ hidden, onChange }: CalendarLegendProps) {
  const shown = CALENDAR_ITEM_KINDS.filter((kind) => !hidden.includes(kind));
  return (
    <Group gap="md" justify="space-between" wrap="wrap">
      <Chip.Group multiple value={shown} onChange={(next) => onChange(CALENDAR_ITEM_KINDS.filter((kind) => !next.includes(kind)))}>
        <Group gap="xs" role="group" aria-label="Show on the calendar">
          {CALENDAR_ITEM_KINDS.map((kind) => (
            <Chip key={kind} value={kind} variant="outline" size="sm">
              <Swatch kind={kind === 'event' ? 'Meeting' : kind} />
              {ITEM_KIND_LABELS[kind]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="sm" component="ul" aria-label="Event colours" className="calendar-legend-list">
        {CALENDAR_EVENT_KINDS.map((kind) => (
          <Text key={kind} component="li" size="xs">
            <Swatch kind={kind} />
            {kind}
          </Text>
        ))}
      </Group>
    </Group>
  );
}
