import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { CONFLICT_RULE_MESSAGES, type ConflictCheckResult } from '@matterhorn/shared';
import { useState } from 'react';
import { AppModal } from '../app-modal.tsx';
import { ConflictMatchesTable } from '../conflict-matches-table.tsx';
import type { GateDecision, GatedRecord } from './use-conflict-gate.ts';

export type ConflictGateModalProps = {
  result: ConflictCheckResult | null;
  record: GatedRecord;
  onDecide: (decision: GateDecision) => void;
};

/**
 * What the check matched, before the client or matter is saved. Proceeding despite a conflict is
 * the firm's reasoned exception: it needs notes, kept with the check. Closing the modal is Cancel.
 */
export function ConflictGateModal({ result, record, onDecide }: ConflictGateModalProps) {
  const [notes, setNotes] = useState('');
  const [isNotesRequired, setIsNotesRequired] = useState(false);
  const matches = result?.matches ?? [];

  const decide = (decision: GateDecision['decision']) => {
    const trimmed = notes.trim();
    setNotes('');
    setIsNotesRequired(false);
    onDecide({ decision, notes: trimmed === '' ? null : trimmed });
  };
  const proceed = () => {
    if (notes.trim() === '') setIsNotesRequired(true);
    else decide('proceed_despite_conflict');
  };

  return (
    <AppModal opened={result !== null} onClose={() => decide('declined')} title="Conflict check" size="xl">
      {result && (
        <Stack gap="md">
          <Text size="sm">Searched: {result.searchedNames.join(', ')}</Text>
          <Alert color="yellow" title={`${matches.length} possible ${matches.length === 1 ? 'conflict' : 'conflicts'} found`}>
            Review each match and the client or matter it belongs to before you save.
          </Alert>
          <ConflictMatchesTable matches={matches} />
          <Textarea
            label="Decision notes"
            description="Why the firm may act despite the match (kept with the conflict check)."
            rows={3}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            error={isNotesRequired && notes.trim() === '' ? CONFLICT_RULE_MESSAGES.notesRequired : undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => decide('declined')} data-autofocus>
              Cancel
            </Button>
            <Button variant="light" color="orange" onClick={proceed}>
              Proceed despite conflict
            </Button>
            <Button onClick={() => decide('no_conflict')}>No conflict — save {record}</Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
