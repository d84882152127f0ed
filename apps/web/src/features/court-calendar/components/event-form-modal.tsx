import { Alert, Button, Center, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasPermissions, type CalendarEvent } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { calendarEventQuery, useCalendarEventWrites } from '../api/calendar-events.ts';
import { useStartTimer } from '../../../lib/app-state/start-timer-for.ts';
import { eventValues, newEventValues } from '../utils/event-form-values.ts';
import type { NewEventTimes } from '../utils/new-event-times.ts';
import { EventForm } from './event-form.tsx';

export const EVENT_MODAL_TITLES = { create: 'New event', edit: 'Edit event' } as const;
export const EVENT_NOT_FOUND = 'This event was not found: it may have been deleted.';
export const DISCARD_EVENT_TEXT = 'This event has changes that are not saved. If you close it now, they are lost.';
/** Who may start the timer (the header timer's permission). */
const TIMER_PERMISSION = 'timeEntry.create';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EventFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The event to edit; '' creates one. */
  eventId: string;
  /** A new event's times (the next hour, or the stretch picked on the calendar). */
  newTimes: NewEventTimes;
};

/** Delete (asking first, naming the event) and "Start timer" for an event on a matter ("bill this"). */
function EventActions({ event, onDeleted }: { event: CalendarEvent; onDeleted: () => void }) {
  const session = useSession();
  const writes = useCalendarEventWrites();
  const timer = useStartTimer();
  const [isConfirming, setIsConfirming] = useState(false);
  const canTime = hasPermissions(session.permissions, [TIMER_PERMISSION]);
  return (
    <>
      <Button color="red" variant="subtle" onClick={() => setIsConfirming(true)}>
        Delete
      </Button>
      {event.matterId && canTime && (
        <Button variant="light" loading={timer.isStarting} onClick={() => void timer.start(event.matterId ?? '', event.title)}>
          Start timer
        </Button>
      )}
      <ConfirmModal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Delete event?"
        confirmLabel="Delete event"
        onConfirm={async () => {
          await writes.remove(event.id);
          onDeleted();
        }}
      >
        {`Delete “${event.title}”?${event.recurrence ? ' Every occurrence of this repeating event is deleted.' : ''}${
          event.attendees.length > 0 ? ' Its attendees are told it is cancelled.' : ''
        } This cannot be undone.`}
      </ConfirmModal>
    </>
  );
}

/**
 * The event form in the app's guarded modal: the title has focus on open; Save closes it; Escape, a
 * click outside or × ask "Discard changes?" when something was typed. An event opened from the
 * calendar is loaded afresh (its series, not the occurrence clicked), with Delete and, on a matter,
 * Start timer. A new event invites the signed-in member unless they choose otherwise.
 */
export function EventFormModal({ opened, onClose, eventId, newTimes }: EventFormModalProps) {
  const session = useSession();
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const loaded = useQuery({ ...calendarEventQuery(eventId), enabled: opened && eventId !== '' });
  const isEditing = eventId !== '';
  const event = isEditing ? (loaded.data ?? null) : null;
  const me = session.workingUser?.profileId ?? '';

  const body = () => {
    if (!isEditing) {
      const initialValues = newEventValues({ ...newTimes, attendeeIds: UUID.test(me) ? [me] : [] });
      return <EventForm key={`new-${newTimes.start}`} event={null} initialValues={initialValues} onCancel={onClose} onSaved={onClose} />;
    }
    if (loaded.isPending) {
      return (
        <Center py="xl">
          <Loader aria-label="Loading the event" />
        </Center>
      );
    }
    if (!event) {
      return (
        <Alert color="red" role="alert">
          {loaded.isError ? 'The event could not be loaded.' : EVENT_NOT_FOUND}
        </Alert>
      );
    }
    return (
      <EventForm
        key={event.id}
        event={event}
        initialValues={eventValues(event)}
        onCancel={onClose}
        onSaved={onClose}
        actions={<EventActions event={event} onDeleted={onClose} />}
      />
    );
  };

  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={isEditing ? EVENT_MODAL_TITLES.edit : EVENT_MODAL_TITLES.create}
      discardText={DISCARD_EVENT_TEXT}
      size="xl"
      fullScreen={isPhone}
    >
      {opened && body()}
    </GuardedModal>
  );
}
