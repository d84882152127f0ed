import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';

export type ReasonModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  explanation: string;
  confirmLabel: string;
  /** Resolves when done (the modal then closes); a rejection keeps it open (the API client has toasted). */
  onConfirm: (reason: string) => Promise<void>;
};

/** A destructive step that needs a reason (declining to sign, withdrawing a request): asked for, then confirmed. */
export function ReasonModal({ opened, onClose, title, explanation, confirmLabel, onConfirm }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const confirm = async () => {
    if (reason.trim() === '') return setError('Give a reason');
    setIsSubmitting(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
      onClose();
    } catch {
      // The API client has shown the error.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <Text size="sm">{explanation}</Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton type="button" color="red" isSubmitting={isSubmitting} onClick={() => void confirm()}>
            {confirmLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
