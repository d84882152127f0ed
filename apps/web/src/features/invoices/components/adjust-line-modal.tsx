import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ADJUSTMENT_REASON_HINT } from '@matterhorn/shared';
import { useState } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';

export type LineAdjustment = { adjustedAmount: string; reason: string };

type AdjustLineModalProps = {
  opened: boolean;
  description: string;
  itemAmount: string;
  current: LineAdjustment | null;
  onClose: () => void;
  onSave: (adjustment: LineAdjustment | null) => void;
};

/**
 * A write-down or write-up of one line: the billed amount and a required reason (the item itself is
 * unchanged). Loaded when first opened (the default export); closing over typing asks first.
 */
export default function AdjustLineModal({ opened, description, itemAmount, current, onClose, onSave }: AdjustLineModalProps) {
  const [amount, setAmount] = useState(current?.adjustedAmount ?? itemAmount);
  const [reason, setReason] = useState(current?.reason ?? '');
  const [submitted, setSubmitted] = useState(false);
  const reasonError = submitted && reason.trim() === '' ? 'A reason is required for a line adjustment' : undefined;
  const amountError = submitted && amount.trim() === '' ? 'Billed amount is required' : undefined;
  const hasChanges = () => amount !== (current?.adjustedAmount ?? itemAmount) || reason !== (current?.reason ?? '');
  return (
    <GuardedModal opened={opened} onClose={onClose} title="Adjust line" hasChanges={hasChanges}>
      {(requestClose) => (
        <Stack gap="sm">
          <Text size="sm">
            {description} — item amount {itemAmount}
          </Text>
          <MoneyInput label="Billed amount" withAsterisk value={amount} onChange={setAmount} error={amountError} />
          <Textarea
            label="Reason"
            description={ADJUSTMENT_REASON_HINT}
            withAsterisk
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
            maxLength={500}

            minRows={2}
          />
          <Group justify="space-between">
            {current ? (
              <Button variant="subtle" color="red" onClick={() => onSave(null)}>
                Remove adjustment
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={requestClose}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  setSubmitted(true);
                  if (reason.trim() === '' || amount.trim() === '') return;
                  onSave({ adjustedAmount: amount.trim(), reason: reason.trim() });
                }}
              >
                Save adjustment
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}
