import { Anchor, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import type { ConflictCheckResult } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import type { ConflictDecision } from '../api/conflict-check.ts';

export const PROCEED_NOTES_REQUIRED = 'Notes are required to proceed despite a conflict';

export type ConflictCheckModalProps = {
  result: ConflictCheckResult | null;
  onDecide: (decision: ConflictDecision, notes: string | null) => void;
};

/** Similarity 0–1 as a whole percentage. */
export function similarityPercent(similarity: number): string {
  return `${Math.round(similarity * 100)}%`;
}

/**
 * The conflict check's matches before a matter is saved: the user confirms there is no conflict,
 * proceeds despite one (with notes, kept with the check), or cancels (recorded as declined).
 */
export function ConflictCheckModal({ result, onDecide }: ConflictCheckModalProps) {
  const [notes, setNotes] = useState('');
  const [isNotesTouched, setIsNotesTouched] = useState(false);
  const notesError = isNotesTouched && notes.trim() === '' ? PROCEED_NOTES_REQUIRED : undefined;

  const decide = (decision: ConflictDecision) => {
    const trimmed = notes.trim();
    setNotes('');
    setIsNotesTouched(false);
    onDecide(decision, trimmed === '' ? null : trimmed);
  };

  const matches = result?.matches ?? [];
  return (
    <AppModal opened={result !== null} onClose={() => decide('declined')} title="Possible conflict of interest" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {matches.length === 1 ? 'One existing record resembles' : `${matches.length} existing records resemble`} the names on this matter.
          Review them before saving.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Conflict matches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Searched name</Table.Th>
                <Table.Th scope="col">Matched name</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Similarity</Table.Th>
                <Table.Th scope="col">Client / matter</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {matches.map((match, index) => (
                <Table.Tr key={`${match.matchedName}-${match.clientId}-${match.matterId ?? ''}-${index}`}>
                  <Table.Td>{match.searchedName}</Table.Td>
                  <Table.Td>{match.matchedName}</Table.Td>
                  <Table.Td>{match.matchType}</Table.Td>
                  <Table.Td>{similarityPercent(match.similarity)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{match.clientName}</Text>
                    {match.matterId && (
                      <Anchor component={Link} to={`/matter/${match.matterId}`} target="_blank" size="sm">
                        {[match.matterNumber, match.matterName].filter(Boolean).join(' · ')}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Textarea
          label="Conflict notes"
          description="Why the matter can go ahead (kept with the conflict check)."
          rows={3}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={notesError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => decide('declined')}>
            Cancel
          </Button>
          <Button
            variant="light"
            color="orange"
            onClick={() => {
              if (notes.trim() === '') {
                setIsNotesTouched(true);
                return;
              }
              decide('proceed_despite_conflict');
            }}
          >
            Proceed despite conflict
          </Button>
          <Button onClick={() => decide('no_conflict')}>No conflict — save matter</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
