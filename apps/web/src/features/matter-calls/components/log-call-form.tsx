import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { describeHours, MATTER_CALL_MESSAGES, readQuickDuration, TIME_ENTRY_MESSAGES, todayIso } from '@matterhorn/shared';
import { useState, type FormEvent } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { logCall } from '../api/matter-calls.ts';

/** Who the call was with, when, how long (quick forms read as the time-entry popup reads them) and a note. */
export function LogCallForm({ matterId, onDone }: { matterId: string; onDone: () => void }) {
  const unit = useSession().workingUser?.bareNumberUnit ?? 'hours';
  const idempotency = useIdempotencyKey();
  const [withWhom, setWithWhom] = useState('');
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(todayIso()));
  const [duration, setDuration] = useState('');
  const [note, setNote] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const read = readQuickDuration(duration, unit);
  const callDate = monthDayYearToIsoDate(dateText);
  const errors = {
    withWhom: withWhom.trim() === '' ? MATTER_CALL_MESSAGES.withWhomRequired : undefined,
    callDate: callDate ? undefined : TIME_ENTRY_MESSAGES.dateRequired,
    duration:
      duration.trim() === '' ? TIME_ENTRY_MESSAGES.durationRequired : read === null ? TIME_ENTRY_MESSAGES.durationNumber : undefined,
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (isSubmitting || errors.withWhom || errors.callDate || errors.duration || !read || !callDate) return;
    setIsSubmitting(true);
    try {
      await logCall({ matterId, callDate, withWhom, duration: read.hours, note }, idempotency.key);
      onDone();
    } catch {
      // Toasted by the call; the form keeps what was typed.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="With whom"
          withAsterisk
          value={withWhom}
          onChange={(event) => setWithWhom(event.currentTarget.value)}
          error={isSubmitted ? errors.withWhom : undefined}
          maxLength={200}
          data-autofocus
        />
        <Group grow align="flex-start">
          <DatePickerField
            label="Date"
            withAsterisk
            value={dateText}
            onChange={setDateText}
            error={isSubmitted ? errors.callDate : undefined}
          />
          <TextInput
            label="Duration"
            withAsterisk
            placeholder="Example 0:20"
            autoComplete="off"
            value={duration}
            onChange={(event) => setDuration(event.currentTarget.value)}
            error={isSubmitted ? errors.duration : undefined}
            description={read ? `${describeHours(read.hours)}` : undefined}
          />
        </Group>
        <Textarea label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} rows={3} maxLength={5000} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={isSubmitting}>Log call</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
