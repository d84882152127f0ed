import { Button, Checkbox, Grid, Group, TextInput, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { lengthOf, shiftedWhen, timeText, withStart, type EventFormValues } from '../utils/event-form-values.ts';
import { describeWhen } from '../utils/event-moves.ts';

const HOUR = 60;
const DAY = 24 * HOUR;

/** The keyboard's way to move an event (beside typing new times): each button moves start and end together. */
export const MOVES = [
  { label: 'Move a day earlier', minutes: -DAY, said: 'a day earlier' },
  { label: 'Move a day later', minutes: DAY, said: 'a day later' },
  { label: 'Move an hour earlier', minutes: -HOUR, said: 'an hour earlier' },
  { label: 'Move an hour later', minutes: HOUR, said: 'an hour later' },
] as const;

const DEFAULT_TIMES = { start: '09:00', end: '10:00' };

/**
 * When: all day or not, start and end as DD/MM/YYYY dates and 24-hour times (a new start keeps the
 * event's length), and buttons that move both by a day or an hour, each move said aloud. A date
 * typed wrong shows the date field's own message, not "required".
 */
export function EventWhenFields({ form }: { form: SchemaForm<EventFormValues> }) {
  const { values } = form;
  const [typed, setTyped] = useState({ startDate: '', endDate: '' });
  const [announcement, setAnnouncement] = useState('');
  // The event's length while start and end are whole: a start being typed over still moves the end by it.
  const length = useRef<number | null>(null);
  const currentLength = lengthOf(values);
  if (currentLength !== null && currentLength >= 0) length.current = currentLength;

  const apply = (next: EventFormValues) => {
    const current = form.getValues();
    for (const key of ['startDate', 'startTime', 'endDate', 'endTime', 'isAllDay'] as const) {
      if (next[key] !== current[key]) form.setValue(key, next[key]);
    }
  };
  const dateError = (field: 'startDate' | 'endDate') => (typed[field] !== '' && values[field] === '' ? undefined : form.errorFor(field));
  const move = (minutes: number, said: string) => {
    const moved = shiftedWhen(form.getValues(), minutes);
    if (!moved) {
      setAnnouncement('Enter the start and the end first.');
      return;
    }
    apply(moved);
    const start = `${moved.startDate}T${moved.isAllDay ? '00:00' : moved.startTime}`;
    const end = `${moved.endDate}T${moved.isAllDay ? '00:00' : moved.endTime}`;
    setAnnouncement(`Moved ${said}: ${describeWhen(start, end, moved.isAllDay)}. Save to keep it.`);
  };

  return (
    <>
      <Grid.Col span={12}>
        <Checkbox
          label="All day"
          checked={values.isAllDay}
          onChange={(event) => {
            const isAllDay = event.currentTarget.checked;
            const current = form.getValues();
            // Back from all day: times to start from, which the user then changes.
            const times =
              !isAllDay && current.startTime === '' && current.endTime === ''
                ? { startTime: DEFAULT_TIMES.start, endTime: DEFAULT_TIMES.end }
                : {};
            apply({ ...current, ...times, isAllDay });
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: values.isAllDay ? 6 : 3 }}>
        <DatePickerField
          label="Start date"
          withAsterisk
          value={isoDateToMonthDayYear(values.startDate)}
          onTextChange={(text) => setTyped((current) => ({ ...current, startDate: text }))}
          onChange={(monthDayYear) => {
            const current = form.getValues();
            apply(withStart(current, monthDayYearToIsoDate(monthDayYear) ?? '', current.startTime, length.current));
          }}
          onBlur={() => form.touch('startDate')}
          error={dateError('startDate')}
        />
      </Grid.Col>
      {!values.isAllDay && (
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="Start time"
            withAsterisk
            description="24-hour, HH:MM"
            placeholder="HH:MM"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.inputProps('startTime')}
            onChange={(event) => {
              const current = form.getValues();
              apply(withStart(current, current.startDate, timeText(event.currentTarget.value), length.current));
            }}
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: values.isAllDay ? 6 : 3 }}>
        <DatePickerField
          label="End date"
          withAsterisk
          value={isoDateToMonthDayYear(values.endDate)}
          onTextChange={(text) => setTyped((current) => ({ ...current, endDate: text }))}
          onChange={(monthDayYear) => form.setValue('endDate', monthDayYearToIsoDate(monthDayYear) ?? '')}
          onBlur={() => form.touch('endDate')}
          error={dateError('endDate')}
        />
      </Grid.Col>
      {!values.isAllDay && (
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="End time"
            withAsterisk
            description="24-hour, HH:MM"
            placeholder="HH:MM"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.inputProps('endTime')}
            onChange={(event) => form.setValue('endTime', timeText(event.currentTarget.value))}
          />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <Group gap="xs" role="group" aria-label="Move the event">
          {MOVES.filter((option) => !values.isAllDay || Math.abs(option.minutes) >= DAY).map((option) => (
            <Button key={option.label} variant="default" size="xs" onClick={() => move(option.minutes, option.said)}>
              {option.label}
            </Button>
          ))}
        </Group>
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Grid.Col>
    </>
  );
}
