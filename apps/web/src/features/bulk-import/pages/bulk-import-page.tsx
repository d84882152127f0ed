import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasPermissions } from '@matterhorn/shared';
import { useEffect, useRef } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PHONE_MEDIA_QUERY } from '../../../lib/screen-size.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { DryRunReport } from '../components/dry-run-report.tsx';
import { FileStep } from '../components/file-step.tsx';
import { ImportProgress, ImportRun } from '../components/import-run.tsx';
import { IMPORT_STEPS, ImportStepper } from '../components/import-stepper.tsx';
import { ImportsList } from '../components/imports-list.tsx';
import { MappingStep } from '../components/mapping-step.tsx';
import { useBulkImports } from '../hooks/use-bulk-imports.ts';
import { isWorking } from '../utils/import-display.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const BULK_IMPORT_INTRO =
  'Bring your clients, matters and time from another system or a spreadsheet: upload a CSV or Excel file, match its columns, see what would happen, then import. The same file imported twice creates nothing twice.';
export const IMPORTS_UNREADABLE_TEXT = 'Your recent imports could not be loaded. Reload the page to try again.';
export const READ_ONLY_TEXT = 'You can follow your firm’s imports here; importing a file needs the permission to create imports.';

/** /settings/import (bulkImport): a file of clients, matters, time, expenses or opening balances, mapped, checked in a dry run, imported in the background. */
export function BulkImportPage() {
  const session = useSession();
  const canImport = hasPermissions(session.permissions, ['bulkImport.create']);
  const imports = useBulkImports();
  const { current, step } = imports;
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  // A step reached by a button takes focus at its heading, so keyboard and screen-reader users start there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isMovingOn = useRef(false);
  useEffect(() => {
    if (!isMovingOn.current) return;
    isMovingOn.current = false;
    headingRef.current?.focus({ preventScroll: false });
  }, [step]);
  const movingOn =
    <Args extends unknown[], Result>(action: (...args: Args) => Result) =>
    (...args: Args): Result => {
      isMovingOn.current = true;
      const result = action(...args);
      // Refused: the step stays, and so does the focus (on the step's message).
      if (result instanceof Promise) result.catch(() => void (isMovingOn.current = false));
      return result;
    };

  const panel = () => {
    if (step === undefined) return <LoadingSpinner label="Loading imports" />;
    if (step === 0 || !current) return <FileStep onUpload={movingOn(imports.upload)} />;
    if (step === 1)
      return (
        <MappingStep key={current.id} bulkImport={current} onCheck={movingOn(imports.check)} onStartOver={movingOn(imports.startOver)} />
      );
    if (step === 2 && current.status === 'checking') return <ImportProgress bulkImport={current} />;
    if (step === 2)
      return (
        <DryRunReport
          bulkImport={current}
          onChangeMapping={movingOn(imports.changeMapping)}
          onRun={movingOn(imports.run)}
          onStartOver={movingOn(imports.startOver)}
        />
      );
    return <ImportRun bulkImport={current} onStartOver={movingOn(imports.startOver)} />;
  };

  return (
    <Stack gap="lg">
      <PageTitle parts={['Import data', 'Settings']} />
      <div>
        <Title order={1}>Import data</Title>
        <Text c="dimmed" maw={820}>
          {BULK_IMPORT_INTRO}
        </Text>
      </div>
      {canImport ? (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="import-step-title">
          <Stack gap="md">
            <ImportStepper active={step ?? 0} />
            <Title order={2} size="h3" id="import-step-title" ref={headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
              {IMPORT_STEPS[step ?? 0]}
            </Title>
            {panel()}
          </Stack>
        </Paper>
      ) : (
        <>
          <Text maw={820}>{READ_ONLY_TEXT}</Text>
          {isWorking(current) && <ImportProgress bulkImport={current!} />}
        </>
      )}
      <Stack gap="xs" component="section" aria-labelledby="recent-imports-title">
        <Title order={2} size="h3" id="recent-imports-title">
          Recent imports
        </Title>
        {imports.imports === undefined ? (
          <LoadingSpinner label="Loading recent imports" />
        ) : imports.imports === null ? (
          <Text>{IMPORTS_UNREADABLE_TEXT}</Text>
        ) : (
          <ImportsList imports={imports.imports} labelledBy="recent-imports-title" isPhone={isPhone} />
        )}
      </Stack>
    </Stack>
  );
}
