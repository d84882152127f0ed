import { ActionIcon, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@matterhorn/shared';

export type PendingAttachmentsProps = {
  /** Files chosen but not sent yet: they go up once the note is saved. */
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
};

/** Attachments chosen in the form, listed with a way to drop each before the save uploads them. */
export function PendingAttachments({ files, onChange, label = 'Attachments' }: PendingAttachmentsProps) {
  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description="Uploaded when the note is saved"
        placeholder="Choose files"
        multiple
        clearable={false}
        value={[]}
        onChange={(chosen) => onChange([...files, ...chosen])}
        data-testid="attachment-input"
      />
      {files.length > 0 && (
        <List spacing={4} listStyleType="none" aria-label="Attachments to upload" data-testid="pending-attachments">
          {files.map((file, index) => (
            <List.Item key={`${file.name}-${index}`}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{file.name}</Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.size)} · uploaded on save
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Do not upload ${file.name}`}
                  onClick={() => onChange(files.filter((_, position) => position !== index))}
                >
                  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <path d="M18 6 6 18M6 6l12 12" />
                  </svg>
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
