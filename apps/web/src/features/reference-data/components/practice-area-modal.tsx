import { Stack, TextInput } from '@mantine/core';
import { practiceAreaInputSchema, type PracticeArea } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { createPracticeArea, updatePracticeArea } from '../api/practice-areas.ts';

/** `practiceArea: null` adds a new one. */
export type PracticeAreaEditor = { practiceArea: PracticeArea | null } | null;

function PracticeAreaForm({
  practiceArea,
  onClose,
  onSaved,
}: {
  practiceArea: PracticeArea | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(practiceAreaInputSchema, { name: practiceArea?.name ?? '' });
  const submit = form.onSubmit(async (data) => {
    if (practiceArea) await updatePracticeArea(practiceArea.id, data);
    else await createPracticeArea(data);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Practice area" withAsterisk data-autofocus {...form.inputProps('name')} />
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
          {practiceArea ? 'Save changes' : 'Add practice area'}
        </SubmitButton>
      </Stack>
    </form>
  );
}

export function PracticeAreaModal({ editor, onClose, onSaved }: { editor: PracticeAreaEditor; onClose: () => void; onSaved: () => void }) {
  const practiceArea = editor?.practiceArea ?? null;
  return (
    <AppModal opened={editor !== null} onClose={onClose} title={practiceArea ? 'Edit practice area' : 'New practice area'}>
      {editor && <PracticeAreaForm key={practiceArea?.id ?? 'new'} practiceArea={practiceArea} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}
