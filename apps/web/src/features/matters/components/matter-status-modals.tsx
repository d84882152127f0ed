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

/** What deleting a matter does, said before it is done (the server refuses one with money history). */
export const matterDeleteWarning = (name: string) =>
  `${name} and its time, expenses, flat fees, notes, court updates and documents go to the recycle bin. They can be restored from Settings › Recycle bin until it is emptied. A matter with invoices, trust money or journals cannot be deleted: close it instead.`;

/** Deleting is a soft delete: the matter and what hangs on it leave the lists, restorable from Settings › Recycle bin. */
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
        <Text size="sm">{matterDeleteWarning(matterName)}</Text>
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
