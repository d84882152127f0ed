import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { BulkImport } from '@matterhorn/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { downloadBulkImportErrors } from '../api/bulk-imports.ts';
import { CountList } from './count-list.tsx';

export const DOWNLOAD_ERRORS_TEXT = 'Download the rows that failed (CSV)';
export const FAILED_ROWS_TEXT = 'Failed rows (CSV)';
export const FIX_AND_UPLOAD_TEXT = 'Fix them and upload the file again: rows already imported are skipped.';

/** The dry run's or the running import's bar, its percentage and how many records it has handled. */
export function ImportProgress({ bulkImport }: { bulkImport: BulkImport }) {
  const isChecking = bulkImport.status === 'checking';
  const work = isChecking ? 'dry run' : 'import';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-progress-title" maw={820}>
      <Stack gap="xs">
        <Text fw={600} id="import-progress-title" style={{ overflowWrap: 'anywhere' }}>
          {isChecking ? 'Checking' : 'Importing'} {bulkImport.fileName}: {bulkImport.progress}%
        </Text>
        <Progress.Root size="lg">
          <Progress.Section
            value={bulkImport.progress}
            aria-label={isChecking ? 'Dry run progress' : 'Import progress'}
            aria-describedby="import-progress-rows"
          />
        </Progress.Root>
        <Text size="sm" id="import-progress-rows">
          {bulkImport.processedRows.toLocaleString('en-US')} of {bulkImport.totalRows.toLocaleString('en-US')} records
          {isChecking ? ' checked: nothing is written' : ''}
        </Text>
        <Text size="sm" c="dimmed">
          You can leave this page: the {work} carries on, and this page shows it again when you come back.
        </Text>
      </Stack>
    </Paper>
  );
}

/** Saves the refused rows' CSV (labelled: the short button of a list's row); a failure in an error toast. */
export function DownloadErrorsButton({ bulkImport, label }: { bulkImport: BulkImport; label?: string }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadBulkImportErrors(bulkImport);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The file could not be downloaded');
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Button variant="light" size={label ? 'xs' : 'sm'} loading={isDownloading} onClick={() => void download()} aria-label={label}>
      {label ? FAILED_ROWS_TEXT : DOWNLOAD_ERRORS_TEXT}
    </Button>
  );
}

/** The finished run: what it created, skipped and refused, and the refused rows to fix. */
function ImportResult({ bulkImport, onStartOver }: { bulkImport: BulkImport; onStartOver: () => void }) {
  const isDone = bulkImport.status === 'done';
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {isDone ? 'Import finished' : 'The import stopped'}
      </Title>
      {!isDone && (
        <Alert color="red" maw={820}>
          {bulkImport.failure ?? 'The import could not finish.'} What was imported stays: upload the file again to import the rest.
        </Alert>
      )}
      <CountList
        label="Import results"
        counts={[
          { count: bulkImport.createdCount, text: 'created', color: 'green.9' },
          { count: bulkImport.skippedCount, text: 'skipped: already in Matterhorn or in the file twice' },
          { count: bulkImport.failedCount, text: 'failed', color: bulkImport.failedCount > 0 ? 'red.9' : undefined },
        ]}
      />
      {bulkImport.hasErrorFile && (
        <Stack gap={6} align="flex-start">
          <DownloadErrorsButton bulkImport={bulkImport} />
          <Text size="sm">{FIX_AND_UPLOAD_TEXT}</Text>
        </Stack>
      )}
      <Group>
        <Button variant="default" onClick={onStartOver}>
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 4: the run's progress while it runs, then its result. */
export function ImportRun({ bulkImport, onStartOver }: { bulkImport: BulkImport; onStartOver: () => void }) {
  if (bulkImport.status === 'running') return <ImportProgress bulkImport={bulkImport} />;
  return <ImportResult bulkImport={bulkImport} onStartOver={onStartOver} />;
}
