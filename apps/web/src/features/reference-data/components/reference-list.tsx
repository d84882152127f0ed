import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { RowActions, ActionsHeader } from '../../../components/row-actions.tsx';
import { useSession } from '../../../lib/session/session-context.ts';

export type ReferenceColumn<T> = { header: string; align?: 'right'; cell: (item: T) => ReactNode };

export type ReferenceListProps<T extends { id: string }> = {
  /** 'Practice areas' and 'practice area': the page's title, its states and its buttons. */
  plural: string;
  singular: string;
  description: string;
  items: { data?: T[] | undefined; isPending: boolean };
  nameOf: (item: T) => string;
  columns: ReferenceColumn<T>[];
  onAdd: () => void;
  onEdit: (item: T) => void;
  remove: (item: T) => Promise<void>;
  /** What deleting the item means, said in the confirmation. */
  deleteConsequence: (item: T) => ReactNode;
  /** The editor modal, which the page owns. */
  children?: ReactNode;
};

/**
 * A settings page listing a firm's reference records (practice areas, activity types): add, edit
 * and delete for those who may change the firm's settings, read-only for everyone else.
 */
export function ReferenceList<T extends { id: string }>(props: ReferenceListProps<T>) {
  const session = useSession();
  const [deleting, setDeleting] = useState<T | null>(null);
  const canWrite = hasPermissions(session.permissions, ['updateAccountSettings']);
  const list = props.items.data ?? [];
  const lowerPlural = props.plural.toLowerCase();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{props.plural}</Title>
          <Text c="dimmed">{props.description}</Text>
        </div>
        {canWrite && <Button onClick={props.onAdd}>Add {props.singular}</Button>}
      </Group>
      {props.items.isPending ? (
        <LoadingSpinner label={`Loading ${lowerPlural}`} />
      ) : list.length === 0 ? (
        <Text c="dimmed">No {lowerPlural} yet.</Text>
      ) : (
        <Table striped aria-label={props.plural}>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.header} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
              {canWrite && <ActionsHeader />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((item) => (
              <Table.Tr key={item.id}>
                {props.columns.map((column) => (
                  <Table.Td key={column.header} ta={column.align}>
                    {column.cell(item)}
                  </Table.Td>
                ))}
                {canWrite && (
                  <Table.Td>
                    <RowActions name={props.nameOf(item)} onEdit={() => props.onEdit(item)} onDelete={() => setDeleting(item)} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {props.children}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting ? props.nameOf(deleting) : props.singular}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (deleting) await props.remove(deleting);
        }}
      >
        {deleting && props.deleteConsequence(deleting)}
      </ConfirmModal>
    </Stack>
  );
}
