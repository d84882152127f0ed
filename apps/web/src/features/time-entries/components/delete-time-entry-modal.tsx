import type { TimeEntryListItem } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { deleteTimeEntry } from '../api/delete-time-entry.ts';
import { timeEntryKeys } from '../api/time-entry-list.ts';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';

/** SPEC.md §2's delete confirmation, word for word. */
export const DELETE_TEXTS = {
  title: 'Delete Time Entry?',
  body: 'Are you sure you want delete the time entry?',
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;

export type DeleteTimeEntryModalProps = {
  /** The entry asked about; null keeps the modal closed. */
  entry: TimeEntryListItem | null;
  onClose: () => void;
  onDeleted?: (entry: TimeEntryListItem) => void;
};

/** Deletes after confirmation and refreshes every time-entry query (list, totals, tabs, billing pre-fetch). */
export function DeleteTimeEntryModal({ entry, onClose, onDeleted }: DeleteTimeEntryModalProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmModal
      opened={entry !== null}
      onClose={onClose}
      title={DELETE_TEXTS.title}
      confirmLabel={DELETE_TEXTS.confirm}
      cancelLabel={DELETE_TEXTS.cancel}
      onConfirm={async () => {
        if (!entry) return;
        await deleteTimeEntry(entry.id);
        onDeleted?.(entry);
        // The modal closes at once; the list, totals and pre-fetch refresh behind it.
        void queryClient.invalidateQueries({ queryKey: timeEntryKeys.all });
        void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
      }}
    >
      {DELETE_TEXTS.body}
    </ConfirmModal>
  );
}
