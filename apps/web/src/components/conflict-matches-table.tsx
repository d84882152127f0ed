import { Anchor, Table, Text } from '@mantine/core';
import type { ConflictMatch } from '@matterhorn/shared';
import { Link } from 'react-router';

/** Similarity as a whole percentage (0.873 → '87%'). */
export function similarityPercent(similarity: number): string {
  return `${Math.round(Math.min(Math.max(similarity, 0), 1) * 100)}%`;
}

/** Each match with the record it was found on: what was searched, what matched, and where. */
export function ConflictMatchesTable({ matches }: { matches: ConflictMatch[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Conflict matches" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Searched name</Table.Th>
            <Table.Th>Matched name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Similarity</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Matter</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matches.map((match, index) => (
            <Table.Tr key={`${match.clientId}-${match.matterId ?? ''}-${match.matchedName}-${index}`}>
              <Table.Td>{match.searchedName}</Table.Td>
              <Table.Td>
                <Text fw={600} size="sm">
                  {match.matchedName}
                </Text>
              </Table.Td>
              <Table.Td>{match.matchType}</Table.Td>
              <Table.Td>{similarityPercent(match.similarity)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/clients/${match.clientId}`} target="_blank" size="sm">
                  {match.clientName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {match.matterId ? (
                  <Anchor component={Link} to={`/matter/${match.matterId}`} target="_blank" size="sm">
                    {[match.matterNumber, match.matterName].filter(Boolean).join(' — ')}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
