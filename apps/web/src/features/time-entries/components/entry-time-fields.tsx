import { ActionIcon, Grid, TextInput, Tooltip } from '@mantine/core';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import type { TimeEntryFormState } from '../hooks/use-time-entry-form.ts';

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

/** Duration (decimal hours; a timer button when opened from the timer) and Date (DD/MM/YYYY). */
export function EntryTimeFields({ state, span }: { state: TimeEntryFormState; span: number }) {
  const { form, isLocked } = state;
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
