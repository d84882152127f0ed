import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';

export const NOT_ENGAGED_TEXT = {
  title: 'Not engaged',
  intro: (name: string) => `Why is ${name} not engaged? The reason is kept on the lead’s timeline.`,
  reason: 'Reason',
  required: 'Give the reason the lead was not engaged',
  save: 'Mark not engaged',
  cancel: 'Cancel',
} as const;

export type NotEngagedModalProps = {
  /** The lead's name while the modal is open; null closes it. */
  leadName: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
};

/** The reason a lead was not engaged: the status is not changed without one. */
export function NotEngagedModal({ leadName, onClose, onConfirm }: NotEngagedModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const save = async () => {
    if (!reason.trim()) {
      setError(NOT_ENGAGED_TEXT.required);
      return;
    }
    setSaving(true);
    try {
      await onConfirm(reason.trim());
      close();
    } catch {
      // The toast says why; the reason stays for another try.
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal opened={leadName !== null} onClose={close} title={NOT_ENGAGED_TEXT.title}>
      <form
        noValidate
        aria-label={NOT_ENGAGED_TEXT.title}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{NOT_ENGAGED_TEXT.intro(leadName ?? '')}</Text>
          <Textarea
            label={NOT_ENGAGED_TEXT.reason}
            withAsterisk
            rows={3}
            maxLength={1000}
            data-autofocus
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {NOT_ENGAGED_TEXT.cancel}
            </Button>
            <SubmitButton isSubmitting={isSaving}>{NOT_ENGAGED_TEXT.save}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

export default NotEngagedModal;
