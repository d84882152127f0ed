import { Anchor, Breadcrumbs, Group, Stack, Title } from '@mantine/core';
import { DOCUMENT_SORT_COLUMNS, hasPermissions, type FolderQuery } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { textOrUndefined, type ListDefinition } from '../../../components/list-kit/list-params.ts';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { ListSearchInput } from '../../../components/list-kit/list-search-input.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { createFolder, folderQuery } from '../api/folders.ts';
import { useFolderActions } from '../hooks/use-folder-actions.ts';
import { FolderDocumentsTable, type DocumentSortColumn } from './folder-documents-table.tsx';
import { FolderToolbar } from './folder-toolbar.tsx';
import { SubfolderList } from './subfolder-list.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

// The folder's dialogs load when one is first opened: the folder pages and a matter's or client's
// Documents tab are at their JavaScript budget.
const FolderNameModal = lazy(async () => ({ default: (await import('./folder-name-modal.tsx')).FolderNameModal }));
const MoveModal = lazy(async () => ({ default: (await import('./move-modal.tsx')).MoveModal }));
const ConfirmModal = lazy(async () => ({ default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal }));

/** Which folder: one by id, a client's or matter's own, or the top level (none). */
export type FolderTarget = { folderId?: string; clientId?: string; matterId?: string };

export type FolderViewProps = {
  target: FolderTarget;
  /** Open another folder (null: the top level); the page navigates, a tab keeps it in its own state. */
  onOpenFolder: (folderId: string | null) => void;
  /** Where the breadcrumbs start, e.g. 'Documents' on the documents pages. */
  rootLabel?: string | null;
  /** 1 when the folder is the page (its heading is the page's), 2 inside another page. */
  titleOrder?: 1 | 2;
  /** The name filter, page, size and sort in the URL (the documents pages); a record's tab keeps them in its own state. */
  inUrl?: boolean;
};

/** A folder's documents: narrowed by name, sorted by a column (by name at first), a page at a time. */
export const FOLDER_DOCUMENTS_LIST: ListDefinition<'name', DocumentSortColumn> = {
  filters: { name: 'name' },
  sortColumns: DOCUMENT_SORT_COLUMNS,
  defaultSort: { column: 'name', type: 'asc' },
};

/** A folder's subfolders and a page of its documents, sortable and filterable by name, with uploads. */
export function FolderView({ target, onOpenFolder, rootLabel = 'Documents', titleOrder = 2, inUrl = false }: FolderViewProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const can = (permission: string) => hasPermissions(session.permissions, [permission]);
  const list = useListParams(FOLDER_DOCUMENTS_LIST, { inUrl });
  const [isCreating, setIsCreating] = useState(false);
  const actions = useFolderActions({ canEdit: can('document.edit'), canDelete: can('document.delete') });

  const query: FolderQuery = {
    FolderId: target.folderId,
    ClientId: target.folderId ? undefined : target.clientId,
    MatterId: target.folderId ? undefined : target.matterId,
    page: list.page,
    size: list.size,
    sortColumn: list.sort.column,
    sortType: list.sort.type,
    GeneralSearchText: textOrUndefined(list.filters.name),
  };
  const contents = useQuery(folderQuery(query));
  const folder = contents.data?.folder ?? null;
  const documents = contents.data ? { isPending: false, data: contents.data.documents } : { isPending: contents.isPending, data: null };

  return (
    <Stack gap="md">
      {/* The folder is the page (/documents/folder/:id): its name is the page's title as it is its heading. */}
      {titleOrder === 1 && <PageTitle parts={[folder?.name, 'Documents']} />}
      <Breadcrumbs component="nav" separator="›" aria-label="Folder path" style={{ flexWrap: 'wrap' }}>
        {rootLabel && (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenFolder(null)}>
            {rootLabel}
          </Anchor>
        )}
        {(contents.data?.path ?? []).map((step) => (
          <Anchor key={step.id} component="button" type="button" size="sm" onClick={() => onOpenFolder(step.id)}>
            {step.name}
          </Anchor>
        ))}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={titleOrder} size={titleOrder === 1 ? 'h2' : 'h3'}>
          {folder?.name ?? 'Folders'}
        </Title>
        <FolderToolbar
          folder={folder}
          canCreate={can('document.create')}
          canShare={can('document.edit')}
          onNewFolder={() => setIsCreating(true)}
          onToggleShare={() => folder && actions.toggleShare(folder.id, 'folder', folder.isSharedWithClient)}
        />
      </Group>
      <SubfolderList
        subfolders={contents.data?.subfolders ?? []}
        onOpen={(next) => onOpenFolder(next.id)}
        actionsFor={actions.folderActions}
      />
      {folder && can('document.create') && <UploadPanel folderId={folder.id} />}
      <ListSearchInput
        key={list.clearCount}
        label="Filter by name"
        placeholder="Type part of a name"
        value={list.filters.name}
        onSearch={(name) => list.setFilters({ name })}
        style={{ maxWidth: 320 }}
      />
      <ListResults
        result={documents}
        page={list.page}
        size={list.size}
        noun={{ one: 'document', many: 'documents' }}
        countTestId="documents-count"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => <FolderDocumentsTable documents={rows} sort={list.sort} onSort={list.sortBy} actionsFor={actions.documentActions} />}
      </ListResults>

      <OnceOpened isOpen={isCreating}>
        <FolderNameModal
          opened={isCreating}
          title="New folder"
          submitLabel="Create folder"
          onClose={() => setIsCreating(false)}
          onSubmit={async (name) => {
            await createFolder({ parentFolderId: folder?.id ?? null, name });
            await queryClient.invalidateQueries({ queryKey: ['documents'] });
          }}
        />
      </OnceOpened>
      <OnceOpened isOpen={actions.pending?.kind === 'rename'}>
        <FolderNameModal
          opened={actions.pending?.kind === 'rename'}
          title="Rename folder"
          submitLabel="Rename"
          initialName={actions.pending?.kind === 'rename' ? actions.pending.folder.name : ''}
          onClose={actions.closePending}
          onSubmit={async (name) => {
            if (actions.pending?.kind === 'rename') await actions.rename(actions.pending.folder, name);
          }}
        />
      </OnceOpened>
      <OnceOpened isOpen={actions.pending?.kind === 'delete-folder' || actions.pending?.kind === 'delete-document'}>
        <ConfirmModal
          opened={actions.pending?.kind === 'delete-folder' || actions.pending?.kind === 'delete-document'}
          onClose={actions.closePending}
          title={`Delete ${actions.pending?.kind === 'delete-folder' ? actions.pending.folder.name : actions.pending?.kind === 'delete-document' ? actions.pending.document.name : ''}?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            const pending = actions.pending;
            if (pending?.kind === 'delete-folder') await actions.removeFolder(pending.folder);
            if (pending?.kind === 'delete-document') await actions.removeDocument(pending.document);
          }}
        >
          It goes to the recycle bin, where it can be restored.
        </ConfirmModal>
      </OnceOpened>
      <OnceOpened isOpen={actions.moving !== null}>
        <MoveModal item={actions.moving} onClose={actions.closeMoving} onMove={actions.move} />
      </OnceOpened>
    </Stack>
  );
}
