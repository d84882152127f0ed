import { Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasPermissions, type RecycleBinEntry } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { purgeRecycleBinItem, recycleBinKeys, restoreRecycleBinItem, useRecycleBinPage } from '../api/recycle-bin.ts';
import { PurgeItemModal } from '../components/purge-item-modal.tsx';
import { RecycleBinCards } from '../components/recycle-bin-cards.tsx';
import { RecycleBinFilters } from '../components/recycle-bin-filters.tsx';
import { RecycleBinTable } from '../components/recycle-bin-table.tsx';
import { RECYCLE_BIN_LIST, recycleBinQueryFrom } from '../utils/recycle-bin-list-params.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const RECYCLE_BIN_INTRO =
  'Deleted records stay here for the days your firm set in Settings › General, then are deleted for good. Restoring puts a record back where it was, with everything deleted with it. Invoices, payments and trust money are never deleted: they are voided, credited or reversed.';
export const EMPTY_BIN_TEXT = 'The recycle bin is empty.';
export const NO_MATCH_TEXT = 'No deleted item matches these filters.';

/** /settings/recycle-bin: everything the firm deleted, restorable until its retention ends, or deleted for good. */
export function RecycleBinPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useListParams(RECYCLE_BIN_LIST);
  const query = recycleBinQueryFrom(list);
  const bin = useRecycleBinPage(query);
  const [restoringIds, setRestoringIds] = useState<ReadonlySet<string>>(() => new Set());
  const [purging, setPurging] = useState<RecycleBinEntry | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A phone (390 px) gets cards: a table there would put the actions a scroll away.
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const canPurge = hasPermissions(session.permissions, ['recycleBin.delete']);

  /** The row whose button had focus has left the list: the heading takes focus rather than the page's body. */
  const keepFocusOnPage = () => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body || !focused.isConnected) headingRef.current?.focus({ preventScroll: true });
  };

  /** The page's only row went: show the page before it rather than an empty one. */
  const stepBackFromEmptyPage = () => {
    if (bin.data && bin.data.data.length === 1 && list.page > 1) list.setPage(list.page - 1);
  };

  const restore = async (entry: RecycleBinEntry) => {
    if (restoringIds.has(entry.id)) return;
    setRestoringIds((ids) => new Set(ids).add(entry.id));
    try {
      await restoreRecycleBinItem(entry.id);
      stepBackFromEmptyPage();
      // Broadly: the record is back in its own lists (clients, matters, time, documents…) and lookups.
      await queryClient.invalidateQueries();
      keepFocusOnPage();
    } catch {
      // The API client has shown the server's message (e.g. "Restore its matter first").
    } finally {
      setRestoringIds((ids) => {
        const next = new Set(ids);
        next.delete(entry.id);
        return next;
      });
    }
  };

  const purge = async (entry: RecycleBinEntry, confirmName: string) => {
    await purgeRecycleBinItem(entry.id, confirmName);
    stepBackFromEmptyPage();
    await queryClient.invalidateQueries({ queryKey: recycleBinKeys.all });
    // Before the modal closes: it would return focus to the row's button, which is gone.
    headingRef.current?.focus({ preventScroll: true });
  };

  const rowsProps = {
    restoringIds,
    emptyText: list.isFiltered ? NO_MATCH_TEXT : EMPTY_BIN_TEXT,
    onRestore: (entry: RecycleBinEntry) => void restore(entry),
    onPurge: canPurge ? setPurging : undefined,
  };

  return (
    <Stack gap="md">
      <PageTitle parts={['Recycle bin', 'Settings']} />
      <div>
        <Title order={1} ref={headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
          Recycle bin
        </Title>
        <Text c="dimmed" maw={820}>
          {RECYCLE_BIN_INTRO}
        </Text>
      </div>
      <RecycleBinFilters
        values={list.filters}
        onChange={list.setFilters}
        isFiltered={list.isFiltered}
        onClear={list.clearFilters}
        clearCount={list.clearCount}
      />
      <ListResults
        result={bin}
        page={list.page}
        size={list.size}
        noun={{ one: 'deleted item', many: 'deleted items' }}
        countTestId="recycle-bin-count"
        pagerLabel="Recycle bin pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(entries) =>
          isPhone ? <RecycleBinCards entries={entries} {...rowsProps} /> : <RecycleBinTable entries={entries} {...rowsProps} />
        }
      </ListResults>
      <PurgeItemModal entry={purging} onClose={() => setPurging(null)} onPurge={purge} />
    </Stack>
  );
}
