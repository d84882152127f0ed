import { ActionIcon, Grid, TextInput, Tooltip } from '@mantine/core';
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

/** Duration (decimal hours; a timer button when opened from the timer) and Date (DD/MM/YYYY). */
export function EntryTimeFields({ state, span }: { state: TimeEntryFormState; span: SectionSpan }) {
  const { form, isLocked } = state;
  const durationRef = useRef<HTMLInputElement>(null);
  // The popup opens on Duration, the field nearly every entry starts with (also once an edited entry has loaded).
  useEffect(() => {
    durationRef.current?.focus();
  }, []);
  const isRounded = state.billedHours !== null && formatShortHours(state.billedHours) !== formatShortHours(form.values.duration);
  return (
    <>
      <Grid.Col span={span}>
        <TextInput
          label="Duration"
          withAsterisk
          placeholder={DURATION_PLACEHOLDER}
          inputMode="decimal"
          autoComplete="off"
          disabled={isLocked}
          ref={durationRef}
          data-autofocus
          description={isRounded ? recordedToBilledText(form.values.duration, state.billedHours!) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={RESERVED_MESSAGE_LINE}
          {...form.inputProps('duration')}
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
