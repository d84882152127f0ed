import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import type { PortalMessage, PortalMessageAttachment, UploadedPortalAttachment } from '@matterhorn/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { displayFirmDateTime } from '../lib/date-time.ts';
import { AttachmentList, AttachmentPicker } from './message-attachments.tsx';
import { useWritingClock } from '../lib/work/writing-clock.ts';

type MessageThreadProps = {
  messages: PortalMessage[];
  /** Which side is reading: its own messages show on the right, with their read receipts. */
  readerSide: 'firm' | 'client';
  /** The other side, in the receipt ("Read by the firm"). */
  otherSideName: string;
  hasOlder: boolean;
  /** The firm's time zone: both sides read a message's time on the firm's clock. */
  timeZone: string;
  /** Sends the message with the files uploaded for it, in order, and the seconds from its first keystroke. */
  onSend: (body: string, attachmentIds: string[], writingSeconds: number) => Promise<void>;
  onUpload: (file: File) => Promise<UploadedPortalAttachment>;
  onDownload: (attachment: PortalMessageAttachment) => Promise<void>;
};

/**
 * A matter's secure messages between the firm and its client, oldest first, and a box to write the
 * next one. Shared by the firm's matter view and the client portal, which each fetch their own.
 */
export function MessageThread({
  messages,
  readerSide,
  otherSideName,
  hasOlder,
  timeZone,
  onSend,
  onUpload,
  onDownload,
}: MessageThreadProps) {
  const when = (iso: string) => displayFirmDateTime(iso, timeZone);
  const [body, setBody] = useState('');
  const [attached, setAttached] = useState<UploadedPortalAttachment[]>([]);
  const [error, setError] = useState('');
  const [isSending, setIsSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const writing = useWritingClock(false);
  // The newest message in view when the thread grows; the effect returns nothing (no cleanup).
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    if (!body.trim()) {
      setError('Write a message');
      return;
    }
    setIsSending(true);
    setError('');
    try {
      await onSend(
        body,
        attached.map((attachment) => attachment.id),
        writing.seconds(),
      );
      writing.reset();
      setBody('');
      setAttached([]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The message could not be sent');
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Stack>
      <Stack role="log" aria-label="Messages" gap="xs">
        {hasOlder && (
          <Text size="xs" c="dimmed" ta="center">
            Older messages are kept; the newest 200 are shown.
          </Text>
        )}
        {messages.length === 0 && <Text size="sm">No messages yet. Write the first one below.</Text>}
        {messages.map((message) => {
          const isOwn = message.senderKind === readerSide;
          return (
            <Card
              key={message.id}
              withBorder
              padding="sm"
              component="article"
              aria-label={`${message.senderName}, ${when(message.createdAt)}`}
              bg={isOwn ? 'blue.0' : undefined}
              ml={isOwn ? 'xl' : 0}
              mr={isOwn ? 0 : 'xl'}
            >
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {message.senderName}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(message.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
              <AttachmentList attachments={message.attachments} onDownload={onDownload} />
              {isOwn && (
                <Text size="xs" c="dimmed" ta="right">
                  {message.readAt ? `Read by ${otherSideName} ${when(message.readAt)}` : 'Sent'}
                </Text>
              )}
            </Card>
          );
        })}
        <div ref={end} />
      </Stack>
      <form aria-label="Write a message" onSubmit={(event) => void submit(event)}>
        <Stack gap="xs">
          <Textarea
            label="Message"
            value={body}
            onChange={(event) => {
              writing.start();
              setBody(event.currentTarget.value);
            }}
            rows={3}
            maxLength={5000}
            error={error || undefined}
          />
          <AttachmentPicker attached={attached} onAttached={setAttached} onUpload={onUpload} isDisabled={isSending} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
