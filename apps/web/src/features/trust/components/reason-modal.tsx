import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { refusalOf } from '../api/trust-api.ts';
import { IsoDateField, RefusalAlert } from './trust-fields.tsx';

type ReasonModalProps = {
  title: string;
  confirmLabel: string;
  description?: ReactNode;
  onClose: () => void;
  /** Throws the server's refusal, which the modal shows. */
  onConfirm: (reason: string) => Promise<void>;
};

/** Reverse a movement or reject a request: a required reason (focused on opening); a refusal stays in the modal. */
export function ReasonModal({ title, confirmLabel, description, onClose, onConfirm }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <AppModal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (reason.trim() === '' || busy) return;
          setBusy(true);
          setRefusal(null);
          onConfirm(reason.trim())
            .catch((error: unknown) => setRefusal(refusalOf(error)))
            .finally(() => setBusy(false));
        }}
      >
        <Stack gap="sm">
          {description && <Text size="sm">{description}</Text>}
          <Textarea
            label="Reason"
            withAsterisk
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={submitted && reason.trim() === '' ? 'Reason is required' : undefined}
            data-autofocus
            minRows={2}
            maxLength={500}
          />
          <RefusalAlert refusal={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isSubmitting={busy} color="red">
              {confirmLabel}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** Mark an uncleared deposit cleared on a date (not before it was received). */
export function ClearDepositModal({
  initialDate,
  onClose,
  onConfirm,
}: {
  initialDate: string;
  onClose: () => void;
  onConfirm: (clearedDate: string) => Promise<void>;
}) {
  const [date, setDate] = useState(initialDate);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <AppModal opened onClose={onClose} title="Mark deposit cleared">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (date === '' || busy) return;
          setBusy(true);
          setRefusal(null);
          onConfirm(date)
            .catch((error: unknown) => setRefusal(refusalOf(error)))
            .finally(() => setBusy(false));
        }}
      >
        <Stack gap="sm">
          <IsoDateField
            label="Cleared date"
            withAsterisk
            value={date}
            onChange={setDate}
            error={submitted && date === '' ? 'Cleared date is required' : undefined}
          />
          <RefusalAlert refusal={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isSubmitting={busy}>Mark cleared</SubmitButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
