import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CustomField } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { deleteCustomField, type CustomFieldEntity } from '../api/custom-fields.ts';
import type { CustomFieldEditor } from '../components/custom-field-modal.tsx';
import { CustomFieldsTable } from '../components/custom-fields-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The add/edit form loads when opened: its inputs are not part of the page's first visit.
const CustomFieldModal = lazy(async () => ({ default: (await import('../components/custom-field-modal.tsx')).CustomFieldModal }));

const ENTITY_TITLES: Record<CustomFieldEntity, string> = { client: 'Client fields', matter: 'Matter fields' };

function EntityFields({
  entityType,
  onAdd,
  onEdit,
  onDelete,
}: {
  entityType: CustomFieldEntity;
  onAdd: (nextOrder: number) => void;
  onEdit: (field: CustomField) => void;
  onDelete: (field: CustomField) => void;
}) {
  const fields = useQuery(customFieldsQuery(entityType));
  const list = fields.data ?? [];
  const nextOrder = list.reduce((highest, field) => Math.max(highest, field.sortOrder + 1), 0);
  return (
    <Stack gap="sm" pt="md">
      <Group justify="flex-end">
        <Button onClick={() => onAdd(nextOrder)}>{entityType === 'client' ? 'Add client field' : 'Add matter field'}</Button>
      </Group>
      {fields.isPending ? (
        <LoadingSpinner label="Loading custom fields" />
      ) : (
        <CustomFieldsTable fields={list} label={ENTITY_TITLES[entityType]} onEdit={onEdit} onDelete={onDelete} />
      )}
    </Stack>
  );
}

export function CustomFieldsPage() {
  const queryClient = useQueryClient();
  const [entityType, setEntityType] = useState<CustomFieldEntity>('client');
  const [editor, setEditor] = useState<CustomFieldEditor>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lookupKeys.customFields() });
  const fieldsProps = (type: CustomFieldEntity) => ({
    entityType: type,
    onAdd: (nextOrder: number) => setEditor({ entityType: type, field: null, nextOrder }),
    onEdit: (field: CustomField) => setEditor({ entityType: type, field, nextOrder: field.sortOrder }),
    onDelete: setDeleting,
  });

  return (
    <Stack gap="lg">
      <PageTitle parts={['Custom fields', 'Settings']} />
      <div>
        <Title order={1}>Custom fields</Title>
        <Text c="dimmed">Extra details your firm records on every client or matter.</Text>
      </div>
      <Tabs value={entityType} onChange={(value) => setEntityType(value === 'matter' ? 'matter' : 'client')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="client">{ENTITY_TITLES.client}</Tabs.Tab>
          <Tabs.Tab value="matter">{ENTITY_TITLES.matter}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="client">
          <EntityFields {...fieldsProps('client')} />
        </Tabs.Panel>
        <Tabs.Panel value="matter">
          <EntityFields {...fieldsProps('matter')} />
        </Tabs.Panel>
      </Tabs>
      <Suspense fallback={null}>
        {editor && <CustomFieldModal editor={editor} onClose={() => setEditor(null)} onSaved={refresh} />}
      </Suspense>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.label ?? 'field'}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteCustomField(deleting.id);
          refresh();
        }}
      >
        It will no longer appear on forms.
      </ConfirmModal>
    </Stack>
  );
}
