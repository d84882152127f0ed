import { Button, Group, Text } from '@mantine/core';
import { formatTimerClock } from '@matterhorn/shared';
import { useHeaderTimer } from '../hooks/use-header-timer.ts';

export const TIMER_LABELS = { start: 'Start Timer', pause: 'Pause', stop: 'Stop', resume: 'Continue' } as const;

/** SPEC.md §2 Header timer widget: hh:mm:ss (hours keep counting past a day) and its buttons. */
export function HeaderTimer() {
  const timer = useHeaderTimer();
  const clock = formatTimerClock(timer.seconds);
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Timer" data-testid="header-timer" data-timer-status={timer.status}>
      <Text component="span" ff="monospace" fw={600} size="sm" data-testid="header-timer-clock" role="timer">
        {clock}
      </Text>
      {timer.status === 'idle' && (
        <Button size="xs" onClick={() => void timer.start()} disabled={timer.isBusy}>
          {TIMER_LABELS.start}
        </Button>
      )}
      {timer.status === 'running' && (
        <Button size="xs" variant="default" onClick={() => void timer.pause()} disabled={timer.isBusy}>
          {TIMER_LABELS.pause}
        </Button>
      )}
      {timer.status === 'paused' && (
        <Button size="xs" onClick={() => void timer.resume()} disabled={timer.isBusy}>
          {TIMER_LABELS.resume}
        </Button>
      )}
      {timer.status !== 'idle' && (
        <Button size="xs" color="red" variant="light" onClick={() => void timer.stop()} disabled={timer.isBusy}>
          {TIMER_LABELS.stop}
        </Button>
      )}
    </Group>
  );
}
