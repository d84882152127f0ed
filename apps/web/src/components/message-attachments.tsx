import { ActionIcon, Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import {
  PORTAL_ATTACHMENT_ACCEPT,
  PORTAL_ATTACHMENT_MAX_BYTES,
  PORTAL_ATTACHMENTS_PER_MESSAGE,
  type PortalMessageAttachment,
  type UploadedPortalAttachment,
} from '@matterhorn/shared';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';

/** 1.2 MB, 340 KB: how big a file is, as people say it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type AttachmentPickerProps = {
  attached: UploadedPortalAttachment[];
  onAttached: (attachments: UploadedPortalAttachment[]) => void;
  /** Uploads one file (filed in the matter's documents and scanned); answers what was stored. */
  onUpload: (file: File) => Promise<UploadedPortalAttachment>;
  isDisabled?: boolean;
};

/**
 * Files for the message being written: each is uploaded as soon as it is chosen (the server checks
 * its content and size again), listed with a button to take it off the message.
 */
export function AttachmentPicker({ attached, onAttached, onUpload, isDisabled = false }: AttachmentPickerProps) {
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState<string[]>([]);
  const room = PORTAL_ATTACHMENTS_PER_MESSAGE - attached.length - uploading.length;

  const choose = async (files: File[]) => {
    setError('');
    if (files.length > room) {
      setError(`Attach at most ${PORTAL_ATTACHMENTS_PER_MESSAGE} files to a message`);
      return;
    }
    const tooBig = files.find((file) => file.size > PORTAL_ATTACHMENT_MAX_BYTES);
    if (tooBig) {
      setError(`${tooBig.name} is larger than 10 MB`);
      return;
    }
    setUploading((names) => [...names, ...files.map((file) => file.name)]);
    const done: UploadedPortalAttachment[] = [];
    for (const file of files) {
      try {
        done.push(await onUpload(file));
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : `${file.name} could not be attached`);
      }
    }
    setUploading((names) => names.filter((name) => !files.some((file) => file.name === name)));
    if (done.length > 0) onAttached([...attached, ...done]);
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={(files) => void choose(files)} accept={PORTAL_ATTACHMENT_ACCEPT} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              disabled={isDisabled || room <= 0}
              loading={uploading.length > 0}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PDF, Word, Excel or photos; up to {PORTAL_ATTACHMENTS_PER_MESSAGE} files of 10 MB
        </Text>
      </Group>
      {attached.length > 0 && (
        <Stack gap={2} component="ul" aria-label="Attached files" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {attached.map((attachment) => (
            <Group key={attachment.id} component="li" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {attachment.fileName} ({sizeText(attachment.sizeBytes)})
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${attachment.fileName}`}
                onClick={() => onAttached(attached.filter((other) => other.id !== attachment.id))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A message's files: each downloadable once scanned; one still scanning or quarantined says so instead. */
export function AttachmentList({
  attachments,
  onDownload,
}: {
  attachments: PortalMessageAttachment[];
  onDownload: (attachment: PortalMessageAttachment) => Promise<void>;
}) {
  const [error, setError] = useState('');
  if (attachments.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      <Stack gap={2} component="ul" aria-label="Attachments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {attachments.map((attachment) => (
          <Group key={attachment.id} component="li" gap="xs" wrap="nowrap">
            {attachment.scanStatus === 'available' ? (
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconPaperclip size={14} aria-hidden />}
                aria-label={`Download ${attachment.fileName}`}
                onClick={() =>
                  void onDownload(attachment).catch((failure: unknown) =>
                    setError(failure instanceof Error ? failure.message : 'The file could not be downloaded'),
                  )
                }
                styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
              >
                {attachment.fileName}
              </Button>
            ) : (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {attachment.fileName}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {sizeText(attachment.sizeBytes)}
            </Text>
            {attachment.scanStatus === 'scanning' && (
              <Badge color="gray" variant="light" size="sm">
                Being scanned
              </Badge>
            )}
            {attachment.scanStatus === 'quarantined' && (
              <Badge color="red" variant="light" size="sm">
                Quarantined
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
