import type { ConflictCheckResult } from '@matterhorn/shared';
import { useRef, useState } from 'react';
import { recordConflictDecision, runConflictCheck, type ConflictDecision } from '../../lib/conflict-checks.ts';
import { toast } from '../../lib/toasts.ts';

/** The record a gate clears for saving. */
export type GatedRecord = 'client' | 'matter';
export type GateDecision = { decision: ConflictDecision; notes: string | null };

/**
 * The conflict check before a client or matter is saved, the same for both (the server enforces
 * the same rule: conflict-rules.ts). With no new names the save goes ahead unchecked; otherwise the
 * names are checked, and when anything matched the user decides in the modal — no conflict,
 * proceed despite it (with notes), or cancel (recorded as declined, nothing saved). A check that
 * matched nothing is recorded as "no conflict". One save at a time: a second call while one runs
 * does nothing.
 */
export function useConflictGate(record: GatedRecord) {
  const [result, setResult] = useState<ConflictCheckResult | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isRunning = useRef(false);
  const answer = useRef<((decision: GateDecision) => void) | null>(null);

  const askDecision = (check: ConflictCheckResult) =>
    new Promise<GateDecision>((resolve) => {
      answer.current = resolve;
      setResult(check);
    });

  /** Checks `names` (the record's names not yet checked for it), then saves with the check's id. */
  async function checkThenSave(names: string[], save: (conflictCheckId: string | null) => Promise<void>): Promise<void> {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsBusy(true);
    try {
      if (names.length === 0) return await save(null);
      const check = await runConflictCheck(names, record);
      const { decision, notes } = check.matches.length > 0 ? await askDecision(check) : { decision: 'no_conflict' as const, notes: null };
      await recordConflictDecision(check.conflictCheckId, decision, notes);
      if (decision === 'declined') {
        toast.information(`The ${record} was not saved.`);
        return;
      }
      await save(check.conflictCheckId);
    } finally {
      isRunning.current = false;
      setIsBusy(false);
    }
  }

  const decide = (decision: GateDecision) => {
    answer.current?.(decision);
    answer.current = null;
    setResult(null);
  };

  return { checkThenSave, isBusy, modalProps: { result, record, onDecide: decide } };
}
