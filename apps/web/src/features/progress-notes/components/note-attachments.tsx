import { ActionIcon, Anchor, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatFileSize, type ProgressNote, type ProgressNoteAttachment } from '@matterhorn/shared';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { toast } from '../../../lib/toasts.ts';
import { deleteProgressNoteAttachment, downloadProgressNoteAttachment, uploadProgressNoteAttachment } from '../api/progress-note.ts';

export type NoteAttachmentsProps = {
  note: ProgressNote;
  canChange: boolean;
  /** The note as the server answered after an upload or removal. */
  onChanged: (note: ProgressNote) => void;
};

/** A saved note's attachments: download each; with edit permission, add more and remove one (after asking). */
export function NoteAttachments({ note, canChange, onChanged }: NoteAttachmentsProps) {
  const [removing, setRemoving] = useState<ProgressNoteAttachment | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  const download = async (attachment: ProgressNoteAttachment) => {
    try {
      await downloadProgressNoteAttachment(note.id, attachment.id, attachment.fileName);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    }
  };

  const upload = async (files: File[]) => {
    setIsUploading(true);
    try {
      for (const file of files) {
        try {
          onChanged(await uploadProgressNoteAttachment(note.id, file));
          toast.success(`${file.name} attached`);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : `${file.name} could not be uploaded`);
        }
      }
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="note-attachments-title">
      <Title order={2} size="h4" id="note-attachments-title">
        Attachments
      </Title>
      {note.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachment.
        </Text>
      ) : (
        <List spacing={4} listStyleType="none" aria-label="Attachments" data-testid="note-attachments">
          {note.attachments.map((attachment) => (
            <List.Item key={attachment.id}>
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void download(attachment)}
                  aria-label={`Download ${attachment.fileName}`}
                >
                  {attachment.fileName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(attachment.sizeBytes)} · {attachment.uploadedByUserName}
                </Text>
                {canChange && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${attachment.fileName}`}
                    onClick={() => setRemoving(attachment)}
                  >
                    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path d="M18 6 6 18M6 6l12 12" />
                    </svg>
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {canChange && (
        <FileInput
          label="Add attachment"
          placeholder={isUploading ? 'Uploading…' : 'Choose files'}
          multiple
          clearable={false}
          disabled={isUploading}
          value={[]}
          onChange={(files) => void upload(files)}
          maw={400}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.fileName ?? 'attachment'}?`}
        confirmLabel="Remove"
        onConfirm={async () => {
          if (!removing) return;
          onChanged(await deleteProgressNoteAttachment(note.id, removing.id));
        }}
      >
        The attachment is removed from this note.
      </ConfirmModal>
    </Stack>
  );
}
