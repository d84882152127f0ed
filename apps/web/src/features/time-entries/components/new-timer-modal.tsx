import { Button, Grid, Group, Stack, Textarea } from '@mantine/core';
import { type AddTimerInput, TIMER_MESSAGES, timerDescriptionSchema } from '@matterhorn/shared';
import { z } from 'zod';
import { ClientThenMatterFields } from '../../../components/client-then-matter-fields.tsx';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useReportChanges } from '../../../lib/forms/modal-changes.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';

export const NEW_TIMER_TEXT = { title: 'New timer', start: 'Start timer', cancel: 'Cancel' } as const;

const newTimerFormSchema = z.object({
  clientId: z.string(),
  matterId: z.string().min(1, TIMER_MESSAGES.matterRequired),
  description: timerDescriptionSchema,
});
type NewTimerValues = z.input<typeof newTimerFormSchema>;
const EMPTY: NewTimerValues = { clientId: '', matterId: '', description: '' };

type NewTimerModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Starts the timer; throws when the server refuses it (the toast says why and the form stays). */
  onAdd: (body: AddTimerInput, idempotencyKey: string) => Promise<void>;
};

/** A timer for a matter, with the words its entry will be filled in with; it starts at once. */
export function NewTimerModal({ opened, onClose, onAdd }: NewTimerModalProps) {
  return (
    <GuardedModal opened={opened} onClose={onClose} title={NEW_TIMER_TEXT.title}>
      {(requestClose) => <NewTimerForm onCancel={requestClose} onAdd={onAdd} onAdded={onClose} />}
    </GuardedModal>
  );
}

function NewTimerForm({ onCancel, onAdd, onAdded }: { onCancel: () => void; onAdd: NewTimerModalProps['onAdd']; onAdded: () => void }) {
  const form = useSchemaForm(newTimerFormSchema, EMPTY);
  useReportChanges(form.isDirty);
  // One key per form: a double click or a retry starts one timer.
  const idempotency = useIdempotencyKey();
  const save = form.onSubmit(async (data) => {
    await onAdd({ matterId: data.matterId, description: data.description }, idempotency.key);
    onAdded();
  });
  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={NEW_TIMER_TEXT.title}>
      <Stack gap="md">
        <Grid gap="sm">
          <ClientThenMatterFields form={form} />
          <Grid.Col span={12}>
            <Textarea label="Description" rows={2} maxLength={5000} {...form.inputProps('description')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {NEW_TIMER_TEXT.cancel}
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting}>{NEW_TIMER_TEXT.start}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
