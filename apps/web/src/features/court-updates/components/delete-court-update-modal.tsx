import { useQueryClient } from '@tanstack/react-query';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { deleteCourtUpdate } from '../api/court-update.ts';
import { courtUpdateKeys } from '../api/court-update-list.ts';
import { formatCourtDate } from '../utils/court-update-display.ts';

/** Worded as the other deletions' confirmation (SPEC.md §2). */
export const DELETE_TEXTS = {
  title: 'Delete Court Update?',
  body: 'Are you sure you want delete the court update?',
  confirm: 'Delete',
} as const;

type Deletable = { id: string; suitNumber: string; hearingDate: string; matterName: string };

export type DeleteCourtUpdateModalProps<Update extends Deletable> = {
  /** The update asked about; null keeps the modal closed. */
  update: Update | null;
  onClose: () => void;
  onDeleted?: (update: Update) => void;
};

/** Deletes (softly, on the server) after confirmation and refreshes every court-update query. */
export function DeleteCourtUpdateModal<Update extends Deletable>({ update, onClose, onDeleted }: DeleteCourtUpdateModalProps<Update>) {
  const queryClient = useQueryClient();
  return (
    <ConfirmModal
      opened={update !== null}
      onClose={onClose}
      title={DELETE_TEXTS.title}
      confirmLabel={DELETE_TEXTS.confirm}
      onConfirm={async () => {
        if (!update) return;
        await deleteCourtUpdate(update.id);
        onDeleted?.(update);
        void queryClient.invalidateQueries({ queryKey: courtUpdateKeys.all });
      }}
    >
      {update
        ? `${DELETE_TEXTS.body} (${update.suitNumber}, ${formatCourtDate(update.hearingDate)}, ${update.matterName})`
        : DELETE_TEXTS.body}
    </ConfirmModal>
  );
}
