import { Button, Grid, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { CALENDAR_EVENT_KINDS, TASK_REMINDER_CHOICES, type CalendarEvent } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useReportChanges } from '../../../lib/forms/modal-changes.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useCalendarEventWrites } from '../api/calendar-events.ts';
import { eventFormSchema, eventInputFrom, hasEventChanges, repeatOptions, type EventFormValues } from '../utils/event-form-values.ts';
import { ClientThenMatterFields } from '../../../components/client-then-matter-fields.tsx';
import { EventWhenFields } from './event-when-fields.tsx';

export const EVENT_FORM_TEXT = { save: 'Save event', saveChanges: 'Save changes', cancel: 'Cancel' } as const;
export const NO_REMINDER_LABEL = 'No reminder';

const KIND_OPTIONS: SelectOption[] = CALENDAR_EVENT_KINDS.map((kind) => ({ value: kind, label: kind }));
const REMINDER_OPTIONS: SelectOption[] = [
  { value: '', label: NO_REMINDER_LABEL },
  ...TASK_REMINDER_CHOICES.map((choice) => ({ value: String(choice.minutes), label: choice.label })),
];

export type EventFormProps = {
  /** The event being edited; null creates one. */
  event: CalendarEvent | null;
  initialValues: EventFormValues;
  onCancel: () => void;
  onSaved: (event: CalendarEvent) => void;
  /** The edited event's own actions (Delete, Start timer), shown on the left of the buttons. */
  actions?: ReactNode;
};

/**
 * An event's fields: title, kind, matter, who attends, when (all day, or start and end as
 * DD/MM/YYYY dates and 24-hour times), how it repeats, a reminder, where (a place, a video link)
 * and notes. The contract's messages (the end before the start) show under their own fields.
 */
export function EventForm({ event, initialValues, onCancel, onSaved, actions }: EventFormProps) {
  const form = useSchemaForm(eventFormSchema, initialValues);
  const { values } = form;
  const writes = useCalendarEventWrites();
  const members = useQuery(teamMembersQuery);
  const idempotency = useIdempotencyKey();
  // A created event is never created twice: a second submit after a failure updates the one made.
  const created = useRef<CalendarEvent | null>(null);
  const requestClose = useReportChanges(hasEventChanges(values, initialValues));

  // Active members are invited; whoever is invited already stays listed (and removable).
  const memberOptions: SelectOption[] = (members.data ?? [])
    .filter((member) => member.isActive || values.attendeeIds.includes(member.id))
    .map((member) => ({ value: member.id, label: member.name }));
  for (const attendee of event?.attendees ?? []) {
    if (!memberOptions.some((option) => option.value === attendee.id)) memberOptions.push({ value: attendee.id, label: attendee.name });
  }

  const save = form.onSubmit(async () => {
    const body = eventInputFrom(form.getValues());
    const id = event?.id ?? created.current?.id ?? null;
    const saved = await writes.save(id, body, id ? undefined : idempotency.key);
    if (!event) created.current = saved;
    onSaved(saved);
  });

  return (
    <form onSubmit={(submit) => void save(submit)} noValidate aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="md">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Title" withAsterisk maxLength={200} autoComplete="off" data-autofocus {...form.inputProps('title')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <SearchableSelect label="Kind" entity="kind" options={KIND_OPTIONS} {...form.selectProps('kind')} />
          </Grid.Col>
          <ClientThenMatterFields
            form={form}
            noMatterLabel="No matter"
            current={event?.matterId ? { matterId: event.matterId, matterName: event.matterName } : undefined}
          />
          <Grid.Col span={12}>
            <MultiSelect
              label="Attendees"
              entity="team member"
              description="Each is emailed an invitation"
              options={memberOptions}
              value={values.attendeeIds}
              onChange={(ids) => form.setValue('attendeeIds', ids)}
              onBlur={() => form.touch('attendeeIds')}
              error={form.errorFor('attendeeIds')}
            />
          </Grid.Col>
          <EventWhenFields form={form} />
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SearchableSelect
              label="Repeat"
              entity="repeat"
              options={repeatOptions(initialValues.recurrence)}
              {...form.selectProps('recurrence')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SearchableSelect
              label="Reminder"
              entity="reminder"
              options={REMINDER_OPTIONS}
              {...form.selectProps('reminderMinutesBefore')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Place" maxLength={300} autoComplete="off" {...form.inputProps('location')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Video link"
              type="url"
              placeholder="https://"
              maxLength={2000}
              autoComplete="off"
              {...form.inputProps('videoLink')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Notes" rows={3} maxLength={5000} {...form.inputProps('description')} />
          </Grid.Col>
        </Grid>
        <Group justify="space-between" gap="sm">
          <Group gap="sm">{actions}</Group>
          <Group gap="sm">
            <Button variant="default" onClick={requestClose ?? onCancel}>
              {EVENT_FORM_TEXT.cancel}
            </Button>
            <SubmitButton isSubmitting={form.isSubmitting}>{event ? EVENT_FORM_TEXT.saveChanges : EVENT_FORM_TEXT.save}</SubmitButton>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
