import { useMediaQuery } from '@mantine/hooks';
import type { Task } from '@matterhorn/shared';
import { useRef, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DiscardChangesModal } from '../../../components/discard-changes-modal.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCloseGuard } from '../../../lib/forms/use-close-guard.ts';
import { newTaskValues, taskValues, type NewTaskDefaults } from '../utils/task-form-values.ts';
import { TaskForm } from './task-form.tsx';

export const TASK_MODAL_TITLES = { create: 'New task', edit: 'Edit task' } as const;
export const DISCARD_TEXTS = {
  title: 'Discard changes?',
  body: 'This task has changes that are not saved. If you close it now, they are lost.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TaskFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The task to edit; null creates one. */
  task: Task | null;
  /** A new task's matter (and its client) when opened from a matter. */
  defaults?: Pick<NewTaskDefaults, 'clientId' | 'matterId'> | undefined;
  onSaved?: (task: Task) => void;
};

/**
 * The task form in the app's modal: the title has focus on open; Save closes it and focus goes back
 * to the button that opened it; Escape, a click outside or × ask "Discard changes?" when something
 * was typed. A new task is the signed-in member's unless they choose otherwise.
 */
export function TaskFormModal({ opened, onClose, task, defaults, onSaved }: TaskFormModalProps) {
  const session = useSession();
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const hasChanges = useRef<() => boolean>(() => false);
  const [openCount, setOpenCount] = useState(0);
  const [wasOpened, setWasOpened] = useState(false);
  const [opener, setOpener] = useState<Element | null>(null);
  // Each opening starts a fresh form and remembers who opened it (read before the modal takes focus).
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setOpenCount((count) => count + 1);
      setOpener(typeof document === 'undefined' ? null : document.activeElement);
    }
  }

  const close = () => {
    onClose();
    // Mantine returns focus as the modal closes; when a question over it took focus last, the opener still gets it back.
    const target = opener;
    window.setTimeout(() => {
      const focused = document.activeElement;
      if (target instanceof HTMLElement && target.isConnected && (focused === null || focused === document.body || !focused.isConnected))
        target.focus({ preventScroll: true });
    }, 50);
  };
  const guard = useCloseGuard({ isOpen: opened, close, hasChanges: () => hasChanges.current() });

  const me = session.workingUser?.profileId ?? '';
  const initialValues = task ? taskValues(task) : newTaskValues({ ...defaults, assigneeIds: UUID.test(me) ? [me] : [] });

  return (
    <>
      <AppModal
        opened={opened}
        onClose={guard.requestClose}
        closeOnEscape={false}
        title={task ? TASK_MODAL_TITLES.edit : TASK_MODAL_TITLES.create}
        size="lg"
        fullScreen={isPhone}
      >
        <div {...guard.bodyProps}>
          {opened && (
            <TaskForm
              key={`${task?.id ?? 'new'}-${openCount}`}
              task={task}
              initialValues={initialValues}
              hasChanges={hasChanges}
              onCancel={guard.requestClose}
              onSaved={(saved) => {
                hasChanges.current = () => false;
                onSaved?.(saved);
                close();
              }}
            />
          )}
        </div>
      </AppModal>
      <DiscardChangesModal opened={guard.isAsking} onKeepEditing={guard.keepEditing} onDiscard={guard.discard} text={DISCARD_TEXTS.body} />
    </>
  );
}
