import { Grid, Textarea, TextInput } from '@mantine/core';
import type { SchemaForm } from '../../../lib/forms/use-schema-form.ts';
import type { CourtUpdateFormValues } from '../utils/court-update-form-values.ts';
import { DateField } from './date-field.tsx';

/**
 * A time as typed, kept to digits and a colon, which goes in after the hours ("0930" reads 09:30).
 * Not the browser's own time field: in an en-US locale it shows AM/PM, where court lists run on the
 * 24-hour clock.
 */
export function timeText(typed: string): string {
  const text = typed.replace(/[^\d:]/g, '');
  return text.replace(/^(\d{2})(\d{1,2})$/, '$1:$2');
}

/**
 * The next adjourned date with its time (HH:MM, 24-hour, the firm's time zone) and purpose: what
 * the calendar, reminders and the dashboard run on. The contract's cross-field messages (a date
 * before the hearing, a time or purpose without a date) show under their fields.
 */
export function NextHearingFields({ form }: { form: SchemaForm<CourtUpdateFormValues> }) {
  const { values } = form;
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
        <DateField
          label="Next adjourned date"
          value={values.nextAdjournedDate}
          minDate={values.hearingDate || undefined}
          onChange={(iso) => form.setValue('nextAdjournedDate', iso)}
          onBlur={() => form.touch('nextAdjournedDate')}
          error={form.errorFor('nextAdjournedDate')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <TextInput
          label="Next adjourned time"
          description="24-hour, HH:MM"
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.inputProps('nextAdjournedTime')}
          onChange={(event) => form.setValue('nextAdjournedTime', timeText(event.currentTarget.value))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <TextInput label="Purpose" placeholder="e.g. Continuation of trial" maxLength={500} {...form.inputProps('nextAdjournedPurpose')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea label="Next steps" rows={3} maxLength={20_000} {...form.inputProps('nextSteps')} />
      </Grid.Col>
    </>
  );
}
