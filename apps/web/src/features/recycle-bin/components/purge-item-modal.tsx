import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { RecycleBinEntry } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';

export const PURGE_TITLE = 'Delete permanently';
export const CONFIRM_NAME_LABEL = 'Type the name to confirm';
export const purgeWarning = (name: string) =>
  `This deletes ${name} and everything deleted with it for good, with its files. It cannot be undone.`;

export type PurgeItemModalProps = {
  /** The item asked about; null keeps the modal closed. */
  entry: RecycleBinEntry | null;
  onClose: () => void;
  /** Resolves once deleted (the modal then closes); a rejection keeps it open (the API client has toasted). */
  onPurge: (entry: RecycleBinEntry, confirmName: string) => Promise<void>;
};

/** Delete permanently: the item's name typed again, exactly, before the Delete button works (as the server checks it). */
export function PurgeItemModal({ entry, onClose, onPurge }: PurgeItemModalProps) {
  return (
    <AppModal opened={entry !== null} onClose={onClose} title={PURGE_TITLE} size="md">
      {entry && <PurgeItemForm key={entry.id} entry={entry} onClose={onClose} onPurge={onPurge} />}
    </AppModal>
  );
}

function PurgeItemForm({ entry, onClose, onPurge }: { entry: RecycleBinEntry } & Omit<PurgeItemModalProps, 'entry'>) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const matches = typed.trim() === entry.name.trim();

  const submit = async () => {
    if (!matches || isSubmitting) return;
    setIsSubmitting(true);
    try {
      await onPurge(entry, typed.trim());
      onClose();
    } catch (failure) {
      // The API client has toasted the refusal; a name the server does not take is said at the field too.
      setError(fieldErrorsOf(failure).confirmName ?? null);
      setIsSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{purgeWarning(entry.name)}</Text>
        <TextInput
          label={CONFIRM_NAME_LABEL}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton color="red" disabled={!matches} isSubmitting={isSubmitting}>
            Delete
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
