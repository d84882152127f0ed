import { Button, Grid, Group, Paper, Stack, Switch, TextInput } from '@mantine/core';
import type { ProgressNote } from '@matterhorn/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ClientThenMatterFields } from '../../../components/client-then-matter-fields.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { offlineWrites } from '../../../lib/offline/offline-writes.ts';
import { sendOrKeep } from '../../../lib/offline/send-offline-writes.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useWritingClock } from '../../../lib/work/writing-clock.ts';
import { CREATE_PROGRESS_NOTE_PATH, createProgressNote, updateProgressNote, uploadProgressNoteAttachment } from '../api/progress-note.ts';
import { progressNoteFormSchema, progressNoteInputFrom, type ProgressNoteFormValues } from '../utils/progress-note-form-values.ts';
import { PROGRESS_NOTES_PATH } from '../utils/progress-note-display.ts';
import { NoteBodyField } from './note-body-field.tsx';
import { PendingAttachments } from './pending-attachments.tsx';

export const SHARE_HINT = 'Shown to the client in the client portal';
export const ATTACHMENTS_NOT_KEPT = 'Attachments need a connection: add them to the note once it has been sent.';

export type ProgressNoteFormProps = {
  initialValues: ProgressNoteFormValues;
  /** The note being edited: it is updated instead of created. */
  note?: ProgressNote;
  onSaved: (note: ProgressNote) => void;
  /** A new note written with no connection: kept on the device, waiting to send (issue 46). */
  onKept?: () => void;
  /** The kept write this form was opened on (Edit): the save replaces it. */
  replacesOfflineWrite?: string;
};

/** The add and edit form: client and matter, date, title, the note itself, sharing and attachments. */
export function ProgressNoteForm({ initialValues, note, onSaved, onKept, replacesOfflineWrite }: ProgressNoteFormProps) {
  const { profile } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useSchemaForm(progressNoteFormSchema, initialValues);
  const { values } = form;
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(initialValues.noteDate));
  const [pending, setPending] = useState<File[]>([]);
  const idempotency = useIdempotencyKey();
  // A created note is never created twice: a second submit goes on from the note already made.
  const saved = useRef<ProgressNote | null>(null);
  const writing = useWritingClock();

  /** Uploads the chosen files one by one; a refused file toasts and the rest still go. */
  const uploadPending = async (target: ProgressNote): Promise<ProgressNote> => {
    let latest = target;
    const left: File[] = [];
    for (const file of pending) {
      try {
        latest = await uploadProgressNoteAttachment(target.id, file);
      } catch (error) {
        left.push(file);
        toast.error(error instanceof Error ? error.message : `${file.name} could not be uploaded`);
      }
    }
    setPending(left);
    return latest;
  };

  const save = form.onSubmit(async () => {
    const body = { ...progressNoteInputFrom(form.getValues()), writingSeconds: writing.seconds() };
    if (!saved.current && note) saved.current = await updateProgressNote(note.id, body);
    if (!saved.current) {
      // Files are not kept on the device: a note kept offline goes without them, and the toast says so.
      const outcome = await sendOrKeep(
        {
          key: idempotency.key,
          kind: 'progressNote',
          ownerId: profile?.id,
          body,
          summary: `Progress note: ${body.title}`,
          formValues: form.getValues(),
        },
        CREATE_PROGRESS_NOTE_PATH,
        () => createProgressNote(body, idempotency.key, { silent: true }),
      );
      if (replacesOfflineWrite) await offlineWrites.forget(replacesOfflineWrite);
      if (outcome.isKept) {
        if (pending.length > 0) toast.alert(ATTACHMENTS_NOT_KEPT);
        onKept?.();
        return;
      }
      saved.current = outcome.saved;
    }
    onSaved(await uploadPending(saved.current));
  });

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="form"
      onSubmit={(event: FormEvent) => void save(event)}
      noValidate
      aria-label={note ? 'Edit progress note' : 'New progress note'}
    >
      <Stack gap="lg">
        <Grid gap="md">
          <ClientThenMatterFields form={form} current={note ?? undefined} />
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DatePickerField
              label="Date"
              withAsterisk
              value={dateText}
              onChange={(monthDayYear) => {
                setDateText(monthDayYear);
                form.setValue('noteDate', monthDayYearToIsoDate(monthDayYear) ?? '');
              }}
              onBlur={() => form.touch('noteDate')}
              error={form.errorFor('noteDate')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="Title" withAsterisk maxLength={200} {...form.inputProps('title')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <NoteBodyField
              label="Note"
              withAsterisk
              initialHtml={initialValues.body}
              onChange={(html) => form.setValue('body', html)}
              onBlur={() => form.touch('body')}
              error={form.errorFor('body')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch
              label="Share with client"
              description={SHARE_HINT}
              checked={values.isSharedWithClient}
              onChange={(event) => form.setValue('isSharedWithClient', event.currentTarget.checked)}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <PendingAttachments files={pending} onChange={setPending} label={note ? 'Add attachments' : 'Attachments'} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button
            variant="default"
            // Back where the user came from; opened directly (the first entry's key is 'default'), to the list.
            onClick={() => (location.key === 'default' ? navigate(PROGRESS_NOTES_PATH) : navigate(-1))}
          >
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting}>{note ? 'Save changes' : 'Save progress note'}</SubmitButton>
        </Group>
      </Stack>
    </Paper>
  );
}
