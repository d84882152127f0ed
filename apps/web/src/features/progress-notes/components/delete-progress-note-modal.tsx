import { useQueryClient } from '@tanstack/react-query';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { deleteProgressNote } from '../api/progress-note.ts';
import { progressNoteKeys } from '../api/progress-note-list.ts';
import { formatNoteDate } from '../utils/progress-note-display.ts';

export const DELETE_TEXTS = {
  title: 'Delete Progress Note?',
  body: 'Are you sure you want delete the progress note?',
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;

type DeletableNote = { id: string; noteDate: string; title: string };

export type DeleteProgressNoteModalProps = {
  /** The note asked about; null keeps the modal closed. */
  note: DeletableNote | null;
  onClose: () => void;
  onDeleted?: (note: DeletableNote) => void;
};

/** Deletes after confirmation and refreshes every progress-note query. */
export function DeleteProgressNoteModal({ note, onClose, onDeleted }: DeleteProgressNoteModalProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmModal
      opened={note !== null}
      onClose={onClose}
      title={DELETE_TEXTS.title}
      confirmLabel={DELETE_TEXTS.confirm}
      cancelLabel={DELETE_TEXTS.cancel}
      onConfirm={async () => {
        if (!note) return;
        await deleteProgressNote(note.id);
        onDeleted?.(note);
        void queryClient.invalidateQueries({ queryKey: progressNoteKeys.all });
      }}
    >
      {note ? `${DELETE_TEXTS.body} (${formatNoteDate(note.noteDate)}, ${note.title})` : DELETE_TEXTS.body}
    </ConfirmModal>
  );
}
