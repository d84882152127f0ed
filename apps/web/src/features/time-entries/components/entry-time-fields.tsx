import { ActionIcon, Grid, TextInput, Tooltip } from '@mantine/core';
import { describeHours, type QuickDuration } from '@matterhorn/shared';
import { useEffect, useRef } from 'react';
import { formatShortHours, recordedToBilledText } from '../utils/time-entry-display.ts';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import type { TimeEntryFormState } from '../hooks/use-time-entry-form.ts';
import type { SectionSpan } from './billing-section.tsx';

export const DURATION_PLACEHOLDER = 'Example 1.5';
export const RESUME_TIMER_LABEL = 'Resume timer';

function ClockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden focusable="false">
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2 2M9 2h6" />
    </svg>
  );
}

/**
 * The field opens focused, so the first click elsewhere blurs it and shows 'Duration is required'.
 * The line under it is kept free for that message (or the billed hours), so the form does not move
 * under the pointer between press and release and the click still lands where it was aimed.
 */
const MESSAGE_LINE = 'calc(var(--mantine-font-size-xs) * 1.4 + 5px)';
const RESERVED_MESSAGE_LINE = {
  root: { position: 'relative', paddingBottom: MESSAGE_LINE },
  error: { position: 'absolute', bottom: 0, left: 0, right: 0, margin: 0 },
  description: { position: 'absolute', bottom: 0, left: 0, right: 0, margin: 0 },
} as const;

/**
 * The line under Duration: what a quick form reads as ("1 h 20 min = 1.3333 h"), and what rounding
 * to the firm's billing increment makes of it; nothing for a plain decimal billed as typed.
 */
export function durationReadingText(read: QuickDuration, billedHours: string | null): string | undefined {
  if (!read) return undefined;
  const isRounded = billedHours !== null && formatShortHours(billedHours) !== formatShortHours(read.hours);
  if (!read.isShorthand) return isRounded ? recordedToBilledText(read.hours, billedHours) : undefined;
  const reading = `${describeHours(read.hours)} = ${formatShortHours(read.hours)} h`;
  return isRounded ? `${reading} → ${formatShortHours(billedHours)} h billed` : reading;
}

/** Duration (decimal hours or a quick form; a timer button when opened from the timer) and Date (DD/MM/YYYY). */
export function EntryTimeFields({ state, span }: { state: TimeEntryFormState; span: SectionSpan }) {
  const { form, isLocked } = state;
  const durationRef = useRef<HTMLInputElement>(null);
  // The popup opens on Duration, the field nearly every entry starts with (also once an edited entry has loaded).
  useEffect(() => {
    durationRef.current?.focus();
  }, []);
  const durationProps = form.inputProps('duration');
  // The error and the reading share the one reserved line: the error wins.
  const reading = durationProps.error ? undefined : durationReadingText(state.durationRead, state.billedHours);
  return (
    <>
      <Grid.Col span={span}>
        <TextInput
          label="Duration"
          withAsterisk
          placeholder={DURATION_PLACEHOLDER}
          // Letters and a colon too: "1h20m" and "1:20" are typed on a phone's keyboard.
          inputMode="text"
          autoComplete="off"
          disabled={isLocked}
          ref={durationRef}
          data-autofocus
          description={reading}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={RESERVED_MESSAGE_LINE}
          {...durationProps}
          rightSection={
            state.isFromTimer ? (
              <Tooltip label={RESUME_TIMER_LABEL}>
                <ActionIcon variant="subtle" aria-label={RESUME_TIMER_LABEL} onClick={state.minimize} data-testid="time-entry-resume-timer">
                  <ClockIcon />
                </ActionIcon>
              </Tooltip>
            ) : undefined
          }
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <DatePickerField
          label="Date"
          withAsterisk
          value={state.dateText}
          onChange={state.changeDate}
          onBlur={() => form.touch('timeEntryDate')}
          error={form.errorFor('timeEntryDate')}
          disabled={isLocked}
        />
      </Grid.Col>
    </>
  );
}
