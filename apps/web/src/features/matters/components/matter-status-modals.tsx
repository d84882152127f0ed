import { Button, Group, Stack, Text } from '@mantine/core';
import { todayIso } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';

export const CLOSE_DATE_REQUIRED = 'Close date is required';

type ModalProps = { opened: boolean; onClose: () => void; isSubmitting: boolean };

/** Closing a matter asks for its close date (today by default). */
export function CloseMatterModal({ opened, onClose, isSubmitting, onConfirm }: ModalProps & { onConfirm: (closeDate: string) => void }) {
  const [closeDate, setCloseDate] = useState(() => isoDateToMonthDayYear(todayIso()));
  const [isTouched, setIsTouched] = useState(false);
  const iso = monthDayYearToIsoDate(closeDate);

  return (
    <AppModal opened={opened} onClose={onClose} title="Close matter">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (iso) onConfirm(iso);
        }}
      >
        <Stack gap="md">
          <Text size="sm">A closed matter stays on record and can be reopened.</Text>
          <DatePickerField
            label="Close date"
            withAsterisk
            value={closeDate}
            onChange={setCloseDate}
            onBlur={() => setIsTouched(true)}
            error={isTouched && closeDate === '' ? CLOSE_DATE_REQUIRED : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isSubmitting={isSubmitting}>Close matter</SubmitButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** Deleting is a soft delete: the matter leaves the lists and can be restored from the recycle bin. */
export function DeleteMatterModal({
  opened,
  onClose,
  isSubmitting,
  matterName,
  onConfirm,
}: ModalProps & { matterName: string; onConfirm: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Delete Matter?">
      <Stack gap="md">
        <Text size="sm">
          Are you sure you want to delete the matter “{matterName}”? It will be removed from lists and can be restored from the recycle bin.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton type="button" color="red" isSubmitting={isSubmitting} onClick={onConfirm}>
            Delete
          </SubmitButton>
        </Group>
      </Stack>
    </AppModal>
  );
}
