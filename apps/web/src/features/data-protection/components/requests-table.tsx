import { Badge, Button, Table } from '@mantine/core';
import {
  DATA_SUBJECT_REQUEST_KIND_LABELS,
  DATA_SUBJECT_REQUEST_STATUS_LABELS,
  DATA_SUBJECT_TYPE_LABELS,
  isoToDisplayDate,
  type DataSubjectRequest,
} from '@matterhorn/shared';

/** "Due in 5 days", "Due today", "3 days overdue" while open; the status once closed. */
export function dueText(request: Pick<DataSubjectRequest, 'status' | 'daysLeft'>): string {
  if (request.status !== 'open') return '—';
  if (request.daysLeft === 0) return 'Due today';
  if (request.daysLeft > 0) return `Due in ${request.daysLeft} ${request.daysLeft === 1 ? 'day' : 'days'}`;
  const overdue = -request.daysLeft;
  return `${overdue} ${overdue === 1 ? 'day' : 'days'} overdue`;
}

const STATUS_COLOURS = { open: 'blue', completed: 'green', refused: 'orange' } as const;

export function RequestsTable({ requests, onOpen }: { requests: DataSubjectRequest[]; onOpen: (request: DataSubjectRequest) => void }) {
  if (requests.length === 0) return <p>No data-subject request has been logged.</p>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Data-subject requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Request</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                {request.subject.name} ({DATA_SUBJECT_TYPE_LABELS[request.subject.subjectType]})
              </Table.Td>
              <Table.Td>{DATA_SUBJECT_REQUEST_KIND_LABELS[request.kind]}</Table.Td>
              <Table.Td>{isoToDisplayDate(request.receivedOn)}</Table.Td>
              <Table.Td>
                {isoToDisplayDate(request.dueOn)}
                {request.status === 'open' && (
                  <Badge ml="xs" variant="light" color={request.daysLeft < 0 ? 'red' : request.daysLeft <= 5 ? 'orange' : 'gray'}>
                    {dueText(request)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOURS[request.status]}>
                  {DATA_SUBJECT_REQUEST_STATUS_LABELS[request.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="subtle" onClick={() => onOpen(request)} aria-label={`Open request of ${request.subject.name}`}>
                  Open
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
