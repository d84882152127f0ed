import type { FlatFeeListItem } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { deleteFlatFee } from '../api/flat-fee.ts';
import { flatFeeKeys } from '../api/flat-fee-list.ts';
import { formatAmount, formatFeeDate } from '../utils/flat-fee-display.ts';

/** Worded as the time entry's confirmation (SPEC.md §2). */
export const DELETE_TEXTS = {
  title: 'Delete Flat Fee?',
  body: 'Are you sure you want delete the flat fee?',
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;

export type DeleteFlatFeeModalProps = {
  /** The fee asked about; null keeps the modal closed. */
  fee: FlatFeeListItem | null;
  onClose: () => void;
  onDeleted?: (fee: FlatFeeListItem) => void;
};

/** Deletes (softly, on the server) after confirmation and refreshes every flat-fee query. */
export function DeleteFlatFeeModal({ fee, onClose, onDeleted }: DeleteFlatFeeModalProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmModal
      opened={fee !== null}
      onClose={onClose}
      title={DELETE_TEXTS.title}
      confirmLabel={DELETE_TEXTS.confirm}
      cancelLabel={DELETE_TEXTS.cancel}
      onConfirm={async () => {
        if (!fee) return;
        await deleteFlatFee(fee.id);
        onDeleted?.(fee);
        void queryClient.invalidateQueries({ queryKey: flatFeeKeys.all });
      }}
    >
      {fee
        ? `${DELETE_TEXTS.body} (${formatFeeDate(fee.flatFeeDate)}, ${fee.matterName}, ${formatAmount(fee.amount, fee.currencySymbol)})`
        : DELETE_TEXTS.body}
    </ConfirmModal>
  );
}
