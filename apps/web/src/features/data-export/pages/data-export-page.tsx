import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DataExport } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { toast } from '../../../lib/toasts.ts';
import { dataExportKeys, downloadDataExport, startDataExport } from '../api/data-exports.ts';
import { ExportProgress } from '../components/export-progress.tsx';
import { ExportsList } from '../components/exports-list.tsx';
import { useDataExports } from '../hooks/use-data-exports.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const DATA_EXPORT_INTRO =
  "Take all of your firm's data with you: one zip with every record as CSV (opens in Excel) and JSON, every document with all its versions, and each invoice as PDF and LEDES. It is built in the background; we email you when it is ready, and it can be downloaded for 7 days.";
export const EXPORTS_UNREADABLE_TEXT = 'Your recent exports could not be loaded. Reload the page to try again.';
/** The server keeps the last 10. */
const LISTED_EXPORTS = 10;

/** /settings/export (administrators): the firm's full export, started here, followed while it is built, downloaded for 7 days. */
export function DataExportPage() {
  const queryClient = useQueryClient();
  const { exports, isLoading, running } = useDataExports();
  const [isStarting, setIsStarting] = useState(false);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  const start = async () => {
    setIsStarting(true);
    try {
      const started = await startDataExport();
      // Shown at once, followed from here; the list is read again below all the same.
      queryClient.setQueryData<DataExport[] | null>(dataExportKeys.list, (rows) =>
        [started, ...(rows ?? []).filter((row) => row.id !== started.id)].slice(0, LISTED_EXPORTS),
      );
    } catch {
      // The API client has shown the server's message (409: one is being made, which the list now shows).
    } finally {
      setIsStarting(false);
      await queryClient.invalidateQueries({ queryKey: dataExportKeys.list });
    }
  };

  const download = async (dataExport: DataExport) => {
    if (downloadingId !== null) return;
    setDownloadingId(dataExport.id);
    try {
      await downloadDataExport(dataExport.id);
    } catch (error) {
      // 409: it expired meanwhile; the list says so once read again.
      toast.error(error instanceof Error ? error.message : 'The export could not be downloaded');
      await queryClient.invalidateQueries({ queryKey: dataExportKeys.list });
    } finally {
      setDownloadingId(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageTitle parts={['Export data', 'Settings']} />
      <div>
        <Title order={1}>Export data</Title>
        <Text c="dimmed" maw={820}>
          {DATA_EXPORT_INTRO}
        </Text>
      </div>
      <Group>
        <Button onClick={() => void start()} loading={isStarting} disabled={running !== null || isLoading}>
          Export all data
        </Button>
      </Group>
      {running && <ExportProgress dataExport={running} />}
      <Stack gap="xs" component="section" aria-labelledby="recent-exports-title">
        <Title order={2} size="h3" id="recent-exports-title">
          Recent exports
        </Title>
        {exports === undefined ? (
          <LoadingSpinner label="Loading recent exports" />
        ) : exports === null ? (
          <Text>{EXPORTS_UNREADABLE_TEXT}</Text>
        ) : (
          <ExportsList
            exports={exports}
            labelledBy="recent-exports-title"
            downloadingId={downloadingId}
            onDownload={(dataExport) => void download(dataExport)}
            isPhone={isPhone}
          />
        )}
      </Stack>
    </Stack>
  );
}
