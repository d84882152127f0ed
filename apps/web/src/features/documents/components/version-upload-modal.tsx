import { Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { formatFileSize } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { toast } from '../../../lib/toasts.ts';
import type { UploadProgress } from '../api/upload.ts';

export type VersionUploadModalProps = {
  opened: boolean;
  title: string;
  submitLabel: string;
  /** Shown above the file, e.g. which version a check-in is based on. */
  description?: string;
  onClose: () => void;
  onUpload: (file: File, note: string, onProgress: UploadProgress) => Promise<void>;
};

/** One file (and a note) as the document's next version: Upload new version and Check in. */
export function VersionUploadModal({ opened, title, submitLabel, description, onClose, onUpload }: VersionUploadModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      {opened && <VersionUploadForm submitLabel={submitLabel} description={description} onClose={onClose} onUpload={onUpload} />}
    </AppModal>
  );
}

function VersionUploadForm({ submitLabel, description, onClose, onUpload }: Omit<VersionUploadModalProps, 'opened' | 'title'>) {
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!file) return setError('Choose the file');
    setSent(0);
    try {
      await onUpload(file, note.trim(), (bytes) => setSent(bytes));
      onClose();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : `${file.name} could not be uploaded`);
      setSent(null);
    }
  };
  const percent = file && sent !== null ? Math.min(100, file.size === 0 ? 100 : Math.round((sent / file.size) * 100)) : 0;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {description && <Text size="sm">{description}</Text>}
        <FileInput
          label="File"
          placeholder="Choose a file"
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
          }}
          error={error}
          data-autofocus
          clearable
        />
        {file && (
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)}
          </Text>
        )}
        <TextInput label="Note (optional)" value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={500} />
        {file && sent !== null && <Progress value={percent} aria-label={`Uploading ${file.name}`} animated />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sent !== null}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={sent !== null}>{submitLabel}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
