import { Button, Group, Stack, TextInput } from '@mantine/core';
import { renameFolderInputSchema } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';

export type FolderNameModalProps = {
  opened: boolean;
  title: string;
  initialName?: string;
  submitLabel: string;
  onClose: () => void;
  /** Resolves when saved (the modal closes); a rejection keeps it open (the API client has toasted). */
  onSubmit: (name: string) => Promise<void>;
};

/** New folder and Rename folder: one name field; Mantine's modal traps focus and puts it in the field. */
export function FolderNameModal({ opened, title, initialName = '', submitLabel, onClose, onSubmit }: FolderNameModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="sm">
      {opened && <FolderNameForm initialName={initialName} submitLabel={submitLabel} onClose={onClose} onSubmit={onSubmit} />}
    </AppModal>
  );
}

function FolderNameForm({ initialName, submitLabel, onClose, onSubmit }: Omit<FolderNameModalProps, 'opened' | 'title'>) {
  const [name, setName] = useState(initialName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async () => {
    // The API's own rules for a folder's name (required, no / or \\, not . or ..), checked before sending.
    const checked = renameFolderInputSchema.shape.name.safeParse(name);
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setIsSubmitting(true);
    try {
      await onSubmit(checked.data);
      onClose();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Folder name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          data-autofocus
          maxLength={120}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={isSubmitting}>{submitLabel}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
