import type { ConflictCheckResult } from '@matterhorn/shared';
import { useEffect, useRef, useState } from 'react';
import { recordClientConflictDecision, runClientConflictCheck, type ClientConflictDecision } from '../api/client-conflict-check.ts';

type Pending = { result: ConflictCheckResult; save: (conflictCheckId: string) => Promise<void> };

/**
 * Save after a conflict check: run the check, show it, record the user's decision, then save with
 * the check's id. One save at a time: a second click while one runs does nothing.
 */
export function useConflictCheckedSave() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const isRunning = useRef(false);
  // A successful save navigates away: the state below must not be touched once the form is gone.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  /** Runs the check; `save` is called once the user has decided to go ahead. */
  const checkThenSave = async (names: string[], save: (conflictCheckId: string) => Promise<void>) => {
    if (isRunning.current) return;
    isRunning.current = true;
    try {
      const result = await runClientConflictCheck(names);
      if (isMounted.current) setPending({ result, save });
    } finally {
      isRunning.current = false;
    }
  };

  const decide = async (decision: ClientConflictDecision, notes: string) => {
    if (!pending || isRunning.current) return;
    isRunning.current = true;
    setIsSaving(true);
    try {
      await recordClientConflictDecision(pending.result.conflictCheckId, decision, notes);
      await pending.save(pending.result.conflictCheckId);
    } catch {
      // The API client has shown the error; the form stays as it was.
    } finally {
      isRunning.current = false;
      if (isMounted.current) {
        setPending(null);
        setIsSaving(false);
      }
    }
  };

  /** Cancel: the check stays on record as declined, nothing is saved. */
  const cancel = () => {
    if (!pending || isRunning.current) return;
    void recordClientConflictDecision(pending.result.conflictCheckId, 'declined', '', { silent: true }).catch(() => undefined);
    setPending(null);
  };

  return {
    checkThenSave,
    isBusy: isSaving || pending !== null,
    modalProps: {
      result: pending?.result ?? null,
      isSaving,
      onDecide: (d: ClientConflictDecision, n: string) => void decide(d, n),
      onCancel: cancel,
    },
  };
}
