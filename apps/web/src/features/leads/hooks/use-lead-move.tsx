import type { LeadStatus } from '@matterhorn/shared';
import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { useLeadWrites } from '../api/leads-api.ts';

/** Asked only when a lead is marked not engaged: its modal's code loads then. */
const LazyNotEngagedModal = lazy(() => import('../components/not-engaged-modal.tsx'));

type MovableLead = { id: string; displayName: string };

/**
 * Moves a lead along its pipeline from the board, a card's menu or the lead's page. Not engaged
 * asks for the reason first; every other move is made at once (the server refuses what the
 * pipeline does not allow, and says why).
 */
export function useLeadMove() {
  const writes = useLeadWrites();
  const [asking, setAsking] = useState<MovableLead | null>(null);

  const move = async (lead: MovableLead, status: LeadStatus) => {
    if (status === 'notEngaged') {
      setAsking(lead);
      return;
    }
    try {
      await writes.changeStatus(lead.id, { status, reason: null });
    } catch {
      // The toast says why (an engagement before the conflict check is decided, say).
    }
  };

  const reasonModal = (
    <OnceOpened isOpen={asking !== null}>
      <LazyNotEngagedModal
        leadName={asking?.displayName ?? null}
        onClose={() => setAsking(null)}
        onConfirm={async (reason) => {
          if (asking) await writes.changeStatus(asking.id, { status: 'notEngaged', reason });
        }}
      />
    </OnceOpened>
  );
  return { move, reasonModal };
}
