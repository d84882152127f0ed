import { Button, Group, Text } from '@mantine/core';
import { formatTimerClock } from '@matterhorn/shared';
import { lazy, useEffect, useRef, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useTimeEntryPopupState } from '../../../lib/app-state/time-entry-popup-state.ts';
import { useHeaderTimer } from '../hooks/use-header-timer.ts';
import { TimersMenu } from './timers-menu.tsx';

// The New timer form (client and matter pickers) loads when first opened, not with every page's top bar.
const NewTimerModal = lazy(async () => ({ default: (await import('./new-timer-modal.tsx')).NewTimerModal }));

export const TIMER_LABELS = { start: 'Start Timer', pause: 'Pause', stop: 'Stop', resume: 'Continue' } as const;

/**
 * SPEC.md §2 Header timer widget: hh:mm:ss (hours keep counting past a day) and its buttons, for
 * the current timer; beside it, the member's other timers and New timer (issue 44).
 */
export function HeaderTimer() {
  const timer = useHeaderTimer();
  const clock = formatTimerClock(timer.seconds);
  const groupRef = useRef<HTMLDivElement>(null);
  const shouldRefocus = useRef(false);
  const isPopupOpen = useTimeEntryPopupState().isOpen;
  const [isNewTimerOpen, setIsNewTimerOpen] = useState(false);
  // The pressed button is disabled while busy and then replaced (Start becomes Pause), and Stop opens
  // the popup: focus would fall to the page's body, so once the timer is done (and the popup Stop
  // opened is closed) it goes back to the timer's first button, unless the user put it elsewhere.
  useEffect(() => {
    if (!shouldRefocus.current || timer.isBusy || isPopupOpen) return;
    shouldRefocus.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) groupRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [timer.isBusy, timer.status, isPopupOpen]);
  const act = (action: () => Promise<unknown>) => () => {
    shouldRefocus.current = true;
    void action();
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Group
        ref={groupRef}
        gap="xs"
        wrap="nowrap"
        role="group"
        aria-label="Timer"
        data-testid="header-timer"
        data-timer-status={timer.status}
      >
        <Text component="span" ff="monospace" fw={600} size="sm" data-testid="header-timer-clock" role="timer">
          {clock}
        </Text>
        {timer.status === 'idle' && (
          <Button size="xs" onClick={act(timer.start)} disabled={timer.isBusy}>
            {TIMER_LABELS.start}
          </Button>
        )}
        {timer.status === 'running' && (
          <Button size="xs" variant="default" onClick={act(timer.pause)} disabled={timer.isBusy}>
            {TIMER_LABELS.pause}
          </Button>
        )}
        {timer.status === 'paused' && (
          <Button size="xs" onClick={act(timer.resume)} disabled={timer.isBusy}>
            {TIMER_LABELS.resume}
          </Button>
        )}
        {timer.status !== 'idle' && (
          // Filled, not light: white on red 8 or 9 reads at 4.7:1 or more in every state (axe found the
          // light Stop under 4.5:1 in one of them during a CI journey).
          <Button size="xs" color="red" onClick={act(timer.stop)} disabled={timer.isBusy}>
            {TIMER_LABELS.stop}
          </Button>
        )}
      </Group>
      {timer.canTime && (
        <>
          <TimersMenu
            current={timer.timers.current}
            others={timer.timers.others}
            isAtCap={timer.timers.isAtCap}
            isBusy={timer.isBusy}
            onOpen={timer.timers.refresh}
            onSwitch={(id) => void timer.switchTo(id)}
            onNewTimer={() => setIsNewTimerOpen(true)}
          />
          <OnceOpened isOpen={isNewTimerOpen}>
            <NewTimerModal opened={isNewTimerOpen} onClose={() => setIsNewTimerOpen(false)} onAdd={timer.timers.add} />
          </OnceOpened>
        </>
      )}
    </Group>
  );
}
