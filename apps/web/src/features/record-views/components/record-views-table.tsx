import { Table, Text } from '@mantine/core';
import { RECORD_VIEW_TYPE_LABELS, type RecordView } from '@matterhorn/shared';
import { displayFirmDateTime } from '../../../lib/date-time.ts';

/** What was viewed, in words: a purged record keeps its kind, without a name. */
const recordText = (view: RecordView) => view.recordName ?? `(removed) ${view.recordId.slice(0, 8)}`;

/** A client's views, newest first: when (on the firm's clock), who, what and the matter it sits in. */
export function RecordViewsTable({ views, clientName, timeZone }: { views: RecordView[]; clientName: string; timeZone: string }) {
  if (views.length === 0) return <Text>No one has looked at {clientName}’s records in this period.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Caption>Who looked at {clientName}’s records, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Record</Table.Th>
            <Table.Th scope="col">Matter</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {views.map((view) => (
            <Table.Tr key={view.id}>
              <Table.Td>{displayFirmDateTime(view.viewedAt, timeZone)}</Table.Td>
              <Table.Td>{view.userName}</Table.Td>
              <Table.Td>{RECORD_VIEW_TYPE_LABELS[view.recordType]}</Table.Td>
              <Table.Td>{recordText(view)}</Table.Td>
              <Table.Td>{view.matterName ?? (view.matterId ? '(removed)' : 'The client’s own')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
