import type { Task } from '@matterhorn/shared';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';

export const DELETE_TASK_TEXTS = { title: 'Delete task?', confirm: 'Delete', cancel: 'Cancel' } as const;

export const deleteTaskQuestion = (title: string) => `Delete the task “${title}”? It goes from every list it is on.`;

/** Asks before a task is deleted, naming it; the modal stays open when the call fails (it has toasted). */
export function DeleteTaskModal({
  task,
  onClose,
  onDelete,
}: {
  task: Task | null;
  onClose: () => void;
  onDelete: (task: Task) => Promise<void>;
}) {
  return (
    <ConfirmModal
      opened={task !== null}
      onClose={onClose}
      title={DELETE_TASK_TEXTS.title}
      confirmLabel={DELETE_TASK_TEXTS.confirm}
      cancelLabel={DELETE_TASK_TEXTS.cancel}
      onConfirm={async () => {
        if (task) await onDelete(task);
      }}
    >
      {task ? deleteTaskQuestion(task.title) : ''}
    </ConfirmModal>
  );
}
