import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type FirmKpis } from '@matterhorn/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FigureChartCard } from './figure-chart-card.tsx';

const AGE_BUCKETS = [
  ['current', 'Current'],
  ['days1To30', '1–30 days'],
  ['days31To60', '31–60 days'],
  ['days61To90', '61–90 days'],
  ['days90Plus', '90+ days'],
] as const;

const displayMonth = (yearMonth: string) => `${yearMonth.slice(5, 7)}/${yearMonth.slice(0, 4)}`;
const displayDay = (iso: string) => iso.split('-').reverse().join('/');
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortMonth = (yearMonth: string) => MONTH_NAMES[Number(yearMonth.slice(5, 7)) - 1]!;
const hours = (text: string) => `${Number(text).toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
const percent = (text: string | null) => (text === null ? '—' : `${text}%`);

/** A headline figure: what it is, this month's and the year's, and where the report behind it is. */
function FigureCard({ label, children, report }: { label: string; children: ReactNode; report: string | null }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
      {report && (
        <Anchor component={Link} to={report} size="xs" mt={4}>
          Open the report
        </Anchor>
      )}
    </Card>
  );
}

function MonthAndYear({ month, year }: { month: string; year: string }) {
  return (
    <>
      <Text size="xl" fw={700}>
        {month}
      </Text>
      <Text size="sm">Year to date: {year}</Text>
    </>
  );
}

function PerCurrency({ lines }: { lines: { currencyCode: string; text: string; detail?: string }[] }) {
  if (lines.length === 0)
    return (
      <Text size="xl" fw={700}>
        0.00
      </Text>
    );
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <div key={line.currencyCode}>
          <Text size="xl" fw={700}>
            {line.currencyCode} {line.text}
          </Text>
          {line.detail && <Text size="sm">{line.detail}</Text>}
        </div>
      ))}
    </Stack>
  );
}

/** The section's title: the whole firm's figures (viewSummary) or the signed-in fee earner's own. */
const figuresTitle = (scope: FirmKpis['scope']) => (scope === 'firm' ? 'The firm’s figures this month' : 'Your figures this month');
/** The cards every member's figures have, drawn empty while the figures are on their way. */
const FIRST_CARDS = ['Billable hours', 'Utilisation', 'Work in progress', 'Collected'] as const;

/**
 * The section as it will be while its figures are on their way: its title and first cards, so the
 * page does not move when they come (the figures are the dashboard's slowest answer).
 */
export function FirmFiguresPending({ scope }: { scope: FirmKpis['scope'] }) {
  return (
    <Stack gap="lg" component="section" aria-labelledby="firm-figures" aria-busy>
      <Title order={2} id="firm-figures" size="h3">
        {figuresTitle(scope)}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {FIRST_CARDS.map((label) => (
          <FigureCard key={label} label={label} report={null}>
            <Skeleton height={28} mt={4} width="70%" />
            <Skeleton height={14} mt={8} width="50%" />
          </FigureCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The firm's numbers (or the fee earner's own): this month and the year to date, each card made by
 * the report it opens, and the charts with their tables.
 */
export function FirmFigures({ kpis, canOpenReports }: { kpis: FirmKpis; canOpenReports: boolean }) {
  const monthStart = `${kpis.today.slice(0, 8)}01`;
  const reportLink = (name: string, query: Record<string, string> = {}) =>
    canOpenReports ? `/reports/${name}?${new URLSearchParams(query)}` : null;
  const thisMonth = { From: monthStart, To: kpis.today };
  return (
    <Stack gap="lg" component="section" aria-labelledby="firm-figures">
      <Title order={2} id="firm-figures" size="h3">
        {figuresTitle(kpis.scope)}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <FigureCard label="Billable hours" report={reportLink('billable-hours', thisMonth)}>
          <MonthAndYear month={hours(kpis.billableHours.month)} year={hours(kpis.billableHours.yearToDate)} />
        </FigureCard>
        <FigureCard label="Utilisation" report={reportLink('utilisation', thisMonth)}>
          <MonthAndYear month={percent(kpis.utilisation.month)} year={percent(kpis.utilisation.yearToDate)} />
        </FigureCard>
        <FigureCard label="Work in progress" report={reportLink('work-in-progress')}>
          <PerCurrency lines={[{ currencyCode: kpis.homeCurrencyCode, text: formatMoney(kpis.workInProgress) }]} />
        </FigureCard>
        <FigureCard label="Collected" report={reportLink('collections', thisMonth)}>
          <PerCurrency
            lines={kpis.collected.map((line) => ({
              currencyCode: line.currencyCode,
              text: formatMoney(line.month),
              detail: `Year to date: ${formatMoney(line.yearToDate)}`,
            }))}
          />
        </FigureCard>
        {kpis.billed && (
          <FigureCard label="Billed" report={reportLink('invoice-register', thisMonth)}>
            <PerCurrency
              lines={kpis.billed.map((line) => ({
                currencyCode: line.currencyCode,
                text: formatMoney(line.month),
                detail: `Year to date: ${formatMoney(line.yearToDate)}`,
              }))}
            />
          </FigureCard>
        )}
        {kpis.receivables && (
          <FigureCard label="Outstanding receivables" report={reportLink('aged-receivables')}>
            <PerCurrency lines={kpis.receivables.map((line) => ({ currencyCode: line.currencyCode, text: formatMoney(line.amount) }))} />
          </FigureCard>
        )}
        {kpis.trustHeld && (
          <FigureCard label="Trust money held" report={reportLink('trust-listing')}>
            <PerCurrency lines={kpis.trustHeld.map((line) => ({ currencyCode: line.currencyCode, text: formatMoney(line.amount) }))} />
          </FigureCard>
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <FigureChartCard
          title="Billable hours per week"
          labelHeading="Week of"
          kind="lines"
          labels={kpis.hoursByWeek.weeks.map(displayDay)}
          axisLabels={kpis.hoursByWeek.weeks.map((week) => displayDay(week).slice(0, 5))}
          series={kpis.hoursByWeek.feeEarners.map((earner) => ({ label: earner.name, texts: earner.hours }))}
        />
        {kpis.billedVsCollected?.map((currency) => (
          <FigureChartCard
            key={currency.currencyCode}
            title={`Billed and collected by month, ${currency.currencyCode}`}
            labelHeading="Month"
            kind="lines"
            labels={currency.months.map(displayMonth)}
            axisLabels={currency.months.map(shortMonth)}
            series={[
              { label: 'Billed', texts: currency.billed },
              { label: 'Collected', texts: currency.collected },
            ]}
          />
        ))}
        {kpis.receivablesByAge?.map((currency) => (
          <FigureChartCard
            key={currency.currencyCode}
            title={`Receivables by age, ${currency.currencyCode}`}
            labelHeading="Days past due"
            kind="bars"
            labels={AGE_BUCKETS.map(([, label]) => label)}
            series={[{ label: 'Owed', texts: AGE_BUCKETS.map(([key]) => currency[key]) }]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
