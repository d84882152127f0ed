import { Button, Group, Title } from '@mantine/core';
import type { NavigateAction } from '../utils/calendar-grid.ts';
import { CALENDAR_VIEWS, type CalendarView } from '../utils/calendar-params.ts';

const VIEW_LABELS = { month: 'Month', week: 'Week', day: 'Day', agenda: 'Agenda' } as const;

export type CalendarToolbarProps = {
  label: string;
  view: CalendarView;
  onNavigate: (action: NavigateAction) => void;
  onView: (view: CalendarView) => void;
};

/** Today/Back/Next, the range shown, and the views. */
export function CalendarToolbar({ label, onNavigate, onView, view }: CalendarToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" mb="sm">
      <Button.Group>
        <Button variant="default" size="xs" onClick={() => onNavigate('TODAY')}>
          Today
        </Button>
        <Button variant="default" size="xs" onClick={() => onNavigate('PREV')}>
          Back
        </Button>
        <Button variant="default" size="xs" onClick={() => onNavigate('NEXT')}>
          Next
        </Button>
      </Button.Group>
      <Title order={2} size="h4" aria-live="polite" data-testid="calendar-range">
        {label}
      </Title>
      <Button.Group aria-label="Calendar view">
        {CALENDAR_VIEWS.map((name) => (
          <Button
            key={name}
            size="xs"
            variant={view === name ? 'filled' : 'default'}
            aria-pressed={view === name}
            onClick={() => onView(name)}
          >
            {VIEW_LABELS[name]}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}
