import type { LeadStatus } from '@matterhorn/shared';
import { useState } from 'react';
import { useLeadWrites } from '../api/leads-api.ts';
import { NotEngagedModal } from '../components/not-engaged-modal.tsx';

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
    <NotEngagedModal
      leadName={asking?.displayName ?? null}
      onClose={() => setAsking(null)}
      onConfirm={async (reason) => {
        if (asking) await writes.changeStatus(asking.id, { status: 'notEngaged', reason });
      }}
    />
  );
  return { move, reasonModal };
}
