import type { Task } from '@matterhorn/shared';
import { useCallback, useState, type RefObject } from 'react';
import { useStartTimer } from '../../../lib/app-state/start-timer-for.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { hasPermissions } from '@matterhorn/shared';
import { useTaskWrites } from '../api/tasks.ts';
import type { TaskActions } from '../components/task-row-actions.tsx';

/**
 * What a list of tasks does with its rows: Mark done / Reopen at once, Edit in the form modal,
 * Delete after asking. A row that leaves the list (done under the Open filter, deleted) would take
 * the focus with it: the list's heading gets it instead.
 */
export function useTaskRows({ heading }: { heading: RefObject<HTMLElement | null> }) {
  const writes = useTaskWrites();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  // The task stays while the modal closes, so its title does not change under the closing animation.
  const [editing, setEditing] = useState<{ isOpen: boolean; task: Task | null }>({ isOpen: false, task: null });
  const [deleting, setDeleting] = useState<Task | null>(null);

  const keepFocusOnPage = () => {
    window.setTimeout(() => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body || !focused.isConnected) heading.current?.focus({ preventScroll: true });
    }, 0);
  };

  const toggleDone = async (task: Task) => {
    if (busyIds.has(task.id)) return;
    setBusyIds((ids) => new Set(ids).add(task.id));
    try {
      await writes.setStatus(task.id, task.status === 'Done' ? 'To do' : 'Done');
      keepFocusOnPage();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(task.id);
        return next;
      });
    }
  };

  const openEdit = useCallback((task: Task) => setEditing({ isOpen: true, task }), []);

  const timer = useStartTimer();
  const { permissions } = useSession();
  const actions: TaskActions = {
    busyIds,
    onToggleDone: (task) => void toggleDone(task),
    onEdit: openEdit,
    onDelete: setDeleting,
    // "Bill this": the timer starts for the task's matter, its title the entry's words.
    ...(hasPermissions(permissions, ['timeEntry.create'])
      ? { onStartTimer: (task: Task) => void (task.matterId && timer.start(task.matterId, task.title)) }
      : {}),
  };

  return {
    actions,
    editing,
    openNew: () => setEditing({ isOpen: true, task: null }),
    openEdit,
    closeForm: () => setEditing((current) => ({ ...current, isOpen: false })),
    deleting,
    closeDelete: () => setDeleting(null),
    remove: async (task: Task) => {
      await writes.remove(task.id);
      // Before the question closes: it would return focus to the row's Delete button, which is gone.
      heading.current?.focus({ preventScroll: true });
    },
  };
}
