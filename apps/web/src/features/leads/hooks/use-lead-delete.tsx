import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useLeadWrites } from '../api/leads-api.ts';

// The question's modal code comes with the first Delete: most visits delete nothing.
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

type DeletableLead = { id: string; displayName: string };

/** What the question says: where the lead goes, how it comes back, and what the server refuses. */
export const leadDeleteWarning = (name: string) =>
  `${name} goes to the recycle bin with its timeline, answers and files. It can be restored from Settings › Recycle bin until it is emptied. A lead converted to a client cannot be deleted (it is that client’s history), nor one with a consultation booked until it is cancelled.`;

/** Delete for a lead's page or a row of the list: asks first, then sends the lead to the recycle bin. */
export function useLeadDelete(onDeleted?: () => void) {
  const writes = useLeadWrites();
  const [asking, setAsking] = useState<DeletableLead | null>(null);
  const deleteModal = (
    <OnceOpened isOpen={asking !== null}>
      <ConfirmModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title="Delete lead?"
        confirmLabel="Delete lead"
        onConfirm={async () => {
          if (!asking) return;
          await writes.remove(asking.id);
          onDeleted?.();
        }}
      >
        {asking ? leadDeleteWarning(asking.displayName) : ''}
      </ConfirmModal>
    </OnceOpened>
  );
  return { askToDelete: setAsking, deleteModal };
}
