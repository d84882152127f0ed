import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { reportEntryOf, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-kit/list-pager.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PAGE_SIZES } from '../../../lib/list-paging.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadReport, reportQuery } from '../api/reports-api.ts';
import { AuditChainCheck } from '../components/audit-chain-check.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportFooter } from '../components/report-footer.tsx';
import { ReportPresets } from '../components/report-presets.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

/**
 * What a drill-down adds to the address; dropped when the user goes back to the summary, with the
 * filters the drill-down set (listed in Drilled), so the summary comes back as it was.
 */
const DRILL_ONLY = ['Level', 'Page', 'Size', 'Drilled'];

/**
 * /reports/:name — one report of the report centre: its filters in the address (so a link or a
 * preset reopens it as it was), the table with totals, a drill-down from every figure to the
 * entries behind it, CSV and PDF of what is on screen, and the formula and checks underneath.
 */
export function ReportPage() {
  const { name = '' } = useParams();
  const entry = reportEntryOf(name);
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params);
  const report = useQuery({ ...reportQuery(name, query), enabled: entry !== undefined });
  if (!entry)
    return (
      <>
        <PageTitle parts={['Reports']} />
        <Text p="md">There is no such report.</Text>
      </>
    );

  const isEntries = query.Level === 'entries';
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('Page' in changes)) next.delete('Page');
    setParams(next, { replace: true });
  };
  const drillTo = (row: ReportRow, column: ReportColumn) => {
    if (isEntries || !row.drill || !column.drill) return null;
    const next = new URLSearchParams(params);
    for (const key of DRILL_ONLY) next.delete(key);
    const added = Object.entries({ ...row.drill, ...column.drill }).filter(([key]) => !next.has(key));
    for (const [key, value] of added) next.set(key, value);
    next.set('Level', 'entries');
    if (added.length > 0) next.set('Drilled', added.map(([key]) => key).join(','));
    return `/reports/${name}?${next}`;
  };
  const summaryLink = () => {
    const next = new URLSearchParams(params);
    for (const key of [...DRILL_ONLY, ...(query.Drilled ?? '').split(',')]) next.delete(key);
    return `/reports/${name}?${next}`;
  };
  const download = (format: 'csv' | 'pdf') => void downloadReport(name, query, format).catch((error: Error) => toast.error(error.message));
  const page = report.data?.page;

  return (
    <Stack p="md" gap="lg">
      <PageTitle parts={[isEntries ? `${entry.title}: entries` : entry.title, 'Reports']} />
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to="/reports" size="sm">
            Reports
          </Anchor>
          <Title order={1}>{isEntries ? `${entry.title}: entries` : entry.title}</Title>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => download('csv')}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => download('pdf')}>
            Download PDF
          </Button>
        </Group>
      </Group>
      <Text c="dimmed">{entry.summary}</Text>
      {name === 'audit-trail' && (
        <>
          <AuditChainCheck />
          <Anchor component={Link} to="/reports/audit-trail/who-looked">
            Who looked: a client’s matters, documents and trust ledger viewed, by whom and when
          </Anchor>
        </>
      )}
      <ReportPresets
        report={name}
        query={query}
        hasDateRange={entry.filters.includes('dateRange')}
        onOpen={(presetQuery) => setParams(new URLSearchParams(presetQuery), { replace: true })}
      />
      <ReportFilters entry={entry} values={query} onChange={update} />
      {isEntries && (
        <Anchor component={Link} to={summaryLink()}>
          Back to the summary
        </Anchor>
      )}
      {report.isPending ? (
        <LoadingSpinner />
      ) : !report.data ? (
        <Text>The report could not be loaded.</Text>
      ) : (
        <>
          {report.data.criteria.length > 0 && (
            <Text size="sm" role="note" aria-label="Criteria">
              {report.data.criteria.join(' · ')}
            </Text>
          )}
          <Box aria-busy={report.isFetching}>
            <ReportTable answer={report.data} drillTo={drillTo} />
          </Box>
          {page && page.totalCount > Number(PAGE_SIZES[0]) && (
            <ListPager
              label="Entry pages"
              page={page.page}
              pageCount={Math.max(1, Math.ceil(page.totalCount / page.size))}
              size={page.size}
              onPageChange={(next) => update({ Page: String(next) })}
              onSizeChange={(size) => update({ Size: String(size) })}
            />
          )}
          <ReportFooter answer={report.data} />
        </>
      )}
    </Stack>
  );
}
