import { Box, Button, Menu, Text } from '@mantine/core';
import { formatTimerClock, MAX_TIMERS_PER_USER, type Timer } from '@matterhorn/shared';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';

export const TIMERS_MENU_TEXT = {
  trigger: 'Timers',
  switchTo: 'Switch to',
  noOthers: 'No other timers',
  noMatter: 'No matter',
  newTimer: 'New timer',
  atCap: `New timer (${MAX_TIMERS_PER_USER} at most)`,
} as const;

/** "MAT-00001 — Lease dispute", or "No matter" for a timer started with Start Timer. */
export const timerMatterLabel = (timer: Timer) => (timer.matterName === null ? TIMERS_MENU_TEXT.noMatter : matterOptionLabel(timer));

type TimersMenuProps = {
  current: Timer | null;
  others: Timer[];
  isAtCap: boolean;
  isBusy: boolean;
  /** The list is read again as the menu opens: Start Timer or another tab may have changed it. */
  onOpen: () => void;
  onSwitch: (id: string) => void;
  onNewTimer: () => void;
};

/**
 * The member's other timers beside the header's (issue 44): each is one click, or arrow keys and
 * Enter, from running; the one that ran pauses. "New timer" starts one for a matter.
 */
export function TimersMenu({ current, others, isAtCap, isBusy, onOpen, onSwitch, onNewTimer }: TimersMenuProps) {
  const targetRef = useRef<HTMLButtonElement>(null);
  const trigger = others.length > 0 ? `${TIMERS_MENU_TEXT.trigger} (${others.length})` : TIMERS_MENU_TEXT.trigger;
  return (
    // Focus goes back to the trigger, so a switch or the New timer form hands it back there. Without
    // Mantine's focus placeholder (a tabindex div that axe finds a menu may not hold); the arrows
    // still move into the items from the dropdown.
    <Menu
      position="bottom-end"
      // In the top bar, not a portal: the open menu stays inside the page's banner landmark (axe: region).
      withinPortal={false}
      width={280}
      withInitialFocusPlaceholder={false}
      onOpen={onOpen}
      onClose={() => targetRef.current?.focus()}
    >
      <Menu.Target>
        <Button ref={targetRef} size="xs" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {trigger}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="timers-menu">
        {current && (
          <Menu.Label>
            Current: {timerMatterLabel(current)}
            {current.description ? ` · ${current.description}` : ''}
          </Menu.Label>
        )}
        <Menu.Label>{others.length > 0 ? TIMERS_MENU_TEXT.switchTo : TIMERS_MENU_TEXT.noOthers}</Menu.Label>
        {others.map((timer) => (
          <Menu.Item
            key={timer.id}
            disabled={isBusy}
            onClick={() => onSwitch(timer.id)}
            rightSection={
              <Text component="span" ff="monospace" size="xs">
                {formatTimerClock(timer.seconds)}
              </Text>
            }
          >
            <Box component="span" style={{ display: 'flex', flexDirection: 'column' }}>
              <Text component="span" size="sm" lineClamp={2}>
                {timerMatterLabel(timer)}
              </Text>
              {timer.description && (
                <Text component="span" size="xs" c="dimmed" lineClamp={1}>
                  {timer.description}
                </Text>
              )}
            </Box>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={14} aria-hidden />} disabled={isAtCap || isBusy} onClick={onNewTimer}>
          {isAtCap ? TIMERS_MENU_TEXT.atCap : TIMERS_MENU_TEXT.newTimer}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
