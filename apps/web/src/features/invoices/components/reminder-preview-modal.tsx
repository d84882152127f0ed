import { Alert, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ReminderPreview, ReminderStepTemplate } from '@matterhorn/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { previewReminder } from '../api/invoice-reminders-api.ts';

/** A step's templates as a real invoice's client would read them (the firm's newest invoice with money due). */
export function ReminderPreviewModal({ step, onClose }: { step: ReminderStepTemplate; onClose: () => void }) {
  const [preview, setPreview] = useState<ReminderPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    previewReminder({ daysFromDue: step.daysFromDue, subject: step.subject, body: step.body })
      .then((answer) => isCurrent && setPreview(answer))
      .catch((failure: unknown) => isCurrent && setError(failure instanceof ApiError ? failure.message : 'The preview could not be made'));
    return () => {
      isCurrent = false;
    };
  }, [step]);
  return (
    <Modal opened onClose={onClose} title="Reminder preview" size="lg">
      {error && <Alert color="red">{error}</Alert>}
      {!error && !preview && <Loader size="sm" aria-label="Loading the preview" />}
      {preview && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Filled in with invoice {preview.invoiceNumber}. To: {preview.to ?? 'nobody (the client has no email, so none would go)'}
          </Text>
          <Text fw={600}>{preview.subject}</Text>
          <Paper withBorder p="sm" radius="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preview.body}
            </Text>
          </Paper>
          <Text size="xs" c="dimmed">
            The email carries your firm’s name, logo and colour, a button to the invoice and your invoice footer, as your invoice emails do.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
