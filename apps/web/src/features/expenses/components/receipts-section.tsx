import { Anchor, CloseButton, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { EXPENSE_RECEIPT_TYPES, formatFileSize, type ExpenseReceipt } from '@matterhorn/shared';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { toast } from '../../../lib/toasts.ts';
import { deleteExpenseReceipt, downloadExpenseReceipt } from '../api/expense-api.ts';
import { receiptProblem } from '../utils/expense-form-values.ts';

// The modal that asks before removing a receipt loads when first asked (the page's 250 KB budget).
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

export const RECEIPT_ACCEPT = [...EXPENSE_RECEIPT_TYPES, '.heic', '.heif'].join(',');

export type ReceiptsSectionProps = {
  /** The saved expense, when there is one: its receipts can be downloaded and removed. */
  expenseId: string | null;
  receipts: ExpenseReceipt[];
  /** Files chosen but not sent yet: they go up once the expense is saved. */
  pending: File[];
  onPendingChange: (files: File[]) => void;
  canChange: boolean;
  onRemoved: () => void;
};

/** PDF, JPEG, PNG or HEIC receipts of at most 10 MB: chosen here, uploaded after the save. */
export function ReceiptsSection({ expenseId, receipts, pending, onPendingChange, canChange, onRemoved }: ReceiptsSectionProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ExpenseReceipt | null>(null);

  const choose = (files: File[]) => {
    const refused = files.map(receiptProblem).find((message) => message !== null) ?? null;
    setProblem(refused);
    onPendingChange([...pending, ...files.filter((file) => receiptProblem(file) === null)]);
  };

  const download = async (receipt: ExpenseReceipt) => {
    if (!expenseId) return;
    try {
      await downloadExpenseReceipt(expenseId, receipt.id, receipt.fileName);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Download failed');
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="receipts-title">
      <Title order={2} size="h4" id="receipts-title">
        Receipts
      </Title>
      {receipts.length === 0 && pending.length === 0 && (
        <Text size="sm" c="dimmed">
          No receipt attached.
        </Text>
      )}
      {receipts.length > 0 && (
        // A plain list (Mantine's List is 0.7 KB the edit-expense page has no room for in its budget).
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Attached receipts"
          data-testid="expense-receipts"
        >
          {receipts.map((receipt) => (
            <li key={receipt.id}>
              <Group gap="xs" wrap="nowrap">
                <IconPaperclip size={16} aria-hidden />
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void download(receipt)}
                  aria-label={`Download ${receipt.fileName}`}
                >
                  {receipt.fileName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(receipt.sizeBytes)}
                </Text>
                {canChange && (
                  <CloseButton
                    c="red"
                    aria-label={`Remove ${receipt.fileName}`}
                    onClick={() => setRemoving(receipt)}
                    icon={<IconX size={16} />}
                  />
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {pending.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Receipts to upload"
          data-testid="pending-receipts"
        >
          {pending.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{file.name}</Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.size)} · uploaded on save
                </Text>
                <CloseButton
                  aria-label={`Do not upload ${file.name}`}
                  onClick={() => onPendingChange(pending.filter((_, position) => position !== index))}
                  icon={<IconX size={16} />}
                />
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {canChange && (
        <FileInput
          label="Attach receipts"
          description="PDF, JPEG, PNG or HEIC, at most 10 MB each"
          placeholder="Choose files"
          multiple
          clearable={false}
          accept={RECEIPT_ACCEPT}
          value={[]}
          onChange={choose}
          error={problem}
          data-testid="receipt-input"
        />
      )}
      <OnceOpened isOpen={removing !== null}>
        <ConfirmModal
          opened={removing !== null}
          onClose={() => setRemoving(null)}
          title={`Remove ${removing?.fileName ?? 'receipt'}?`}
          confirmLabel="Remove"
          onConfirm={async () => {
            if (!expenseId || !removing) return;
            await deleteExpenseReceipt(expenseId, removing.id);
            onRemoved();
          }}
        >
          The receipt is removed from this expense.
        </ConfirmModal>
      </OnceOpened>
    </Stack>
  );
}
