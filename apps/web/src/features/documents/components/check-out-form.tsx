import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { DOCUMENT_CHECKOUT_DEFAULT_HOURS, DOCUMENT_CHECKOUT_MAX_HOURS } from '@matterhorn/shared';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';

/** How long to check a document out for: loaded when Check out is pressed (its number input is 8 KB the page need not carry). */
export function CheckOutForm({ onClose, onSubmit }: { onClose: () => void; onSubmit: (hours: number) => Promise<void> }) {
  const [hours, setHours] = useState<number>(DOCUMENT_CHECKOUT_DEFAULT_HOURS);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isValid = Number.isInteger(hours) && hours >= 1 && hours <= DOCUMENT_CHECKOUT_MAX_HOURS;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        setIsSubmitting(true);
        onSubmit(hours)
          .then(onClose)
          .catch(() => {})
          .finally(() => setIsSubmitting(false));
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label="Hours"
          description={`How long it stays checked out to you (at most ${DOCUMENT_CHECKOUT_MAX_HOURS})`}
          min={1}
          max={DOCUMENT_CHECKOUT_MAX_HOURS}
          allowDecimal={false}
          value={hours}
          onChange={(value) => setHours(typeof value === 'number' ? value : Number(value))}
          error={isValid ? null : `Between 1 and ${DOCUMENT_CHECKOUT_MAX_HOURS} hours`}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={isSubmitting}>Check out</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
