import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useIntakeFormWrites } from '../api/intake-forms-api.ts';

// The question's modal code comes with the first Delete: most visits delete nothing.
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

type DeletableForm = { id: string; name: string; submissionCount: number };

/** What the question says: the public address stops working, the leads stay, and where the form can be restored. */
export function intakeFormDeleteWarning(form: DeletableForm) {
  const leads =
    form.submissionCount === 0
      ? 'No lead came in through it.'
      : `The ${form.submissionCount.toLocaleString('en-US')} lead${form.submissionCount === 1 ? '' : 's'} it brought in stay${form.submissionCount === 1 ? 's' : ''}, with ${form.submissionCount === 1 ? 'its' : 'their'} answers.`;
  return `${form.name} goes to the recycle bin and its public address stops working at once. ${leads} It can be restored (unpublished) from Settings › Recycle bin until it is emptied.`;
}

/** Delete for the forms list or a form's page: asks first, then sends the form to the recycle bin. */
export function useIntakeFormDelete(onDeleted?: () => void) {
  const writes = useIntakeFormWrites();
  const [asking, setAsking] = useState<DeletableForm | null>(null);
  const deleteModal = (
    <OnceOpened isOpen={asking !== null}>
      <ConfirmModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title="Delete intake form?"
        confirmLabel="Delete form"
        onConfirm={async () => {
          if (!asking) return;
          await writes.remove(asking.id);
          onDeleted?.();
        }}
      >
        {asking ? intakeFormDeleteWarning(asking) : ''}
      </ConfirmModal>
    </OnceOpened>
  );
  return { askToDelete: setAsking, deleteModal };
}
