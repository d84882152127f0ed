import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type FirmKpis } from '@matterhorn/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FigureChartCard, FigureChartCardPending } from './figure-chart-card.tsx';
import { PendingLine } from './pending-line.tsx';

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
const NOTHING_THIS_YEAR = 'Year to date: 0.00';
const hasCurrency = (lines: { currencyCode: string }[], currencyCode: string) => lines.some((line) => line.currencyCode === currencyCode);

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

/** Each currency's figure (and the line under it); none: 0.00, with `emptyDetail` under it when the figure has one. */
function PerCurrency({ lines, emptyDetail }: { lines: { currencyCode: string; text: string; detail?: string }[]; emptyDetail?: string }) {
  if (lines.length === 0)
    return (
      <>
        <Text size="xl" fw={700}>
          0.00
        </Text>
        {emptyDetail && <Text size="sm">{emptyDetail}</Text>}
      </>
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
const billedAndCollectedTitle = (currencyCode: string) => `Billed and collected by month, ${currencyCode}`;
const receivablesByAgeTitle = (currencyCode: string) => `Receivables by age, ${currencyCode}`;

/** The cards in their order, as FirmFigures draws them: which have a line under the figure, and which only the firm's figures have. */
const CARDS = [
  { label: 'Billable hours', hasDetail: true, isFirmOnly: false },
  { label: 'Utilisation', hasDetail: true, isFirmOnly: false },
  { label: 'Work in progress', hasDetail: false, isFirmOnly: false },
  { label: 'Collected', hasDetail: true, isFirmOnly: false },
  { label: 'Billed', hasDetail: true, isFirmOnly: true },
  { label: 'Outstanding receivables', hasDetail: false, isFirmOnly: true },
  { label: 'Trust money held', hasDetail: false, isFirmOnly: true },
] as const;

/**
 * The section as it will be while its figures are on their way (the dashboard's slowest answer):
 * its title, every card with a placeholder of each line, and the charts' room, in the firm's home
 * currency. The cards under it stay where they are drawn when the figures come.
 */
export function FirmFiguresPending({
  scope,
  canOpenReports,
  homeCurrencyCode,
}: {
  scope: FirmKpis['scope'];
  canOpenReports: boolean;
  homeCurrencyCode: string;
}) {
  const isFirm = scope === 'firm';
  return (
    <Stack gap="lg" component="section" aria-labelledby="firm-figures" aria-busy>
      <Title order={2} id="firm-figures" size="h3">
        {figuresTitle(scope)}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {CARDS.filter((card) => isFirm || !card.isFirmOnly).map((card) => (
          <FigureCard key={card.label} label={card.label} report={null}>
            <PendingLine size="xl" width="70%" />
            {card.hasDetail && <PendingLine size="sm" width="50%" />}
            {canOpenReports && <PendingLine size="xs" width="35%" mt={4} />}
          </FigureCard>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <FigureChartCardPending title="Billable hours per week" />
        {isFirm && <FigureChartCardPending title={billedAndCollectedTitle(homeCurrencyCode)} />}
        {isFirm && <FigureChartCardPending title={receivablesByAgeTitle(homeCurrencyCode)} />}
      </SimpleGrid>
    </Stack>
  );
}

type BilledVsCollected = NonNullable<FirmKpis['billedVsCollected']>[number];
type ReceivablesByAge = NonNullable<FirmKpis['receivablesByAge']>[number];

/** A currency's billed and collected by month; without figures, the chart's room saying there is nothing yet. */
function BilledAndCollectedChart({ currencyCode, figures }: { currencyCode: string; figures?: BilledVsCollected }) {
  return (
    <FigureChartCard
      title={billedAndCollectedTitle(currencyCode)}
      labelHeading="Month"
      kind="lines"
      labels={figures ? figures.months.map(displayMonth) : []}
      axisLabels={figures?.months.map(shortMonth)}
      series={
        figures
          ? [
              { label: 'Billed', texts: figures.billed },
              { label: 'Collected', texts: figures.collected },
            ]
          : []
      }
    />
  );
}

/** A currency's receivables by age; without figures, the chart's room saying there is nothing yet. */
function ReceivablesByAgeChart({ currencyCode, figures }: { currencyCode: string; figures?: ReceivablesByAge }) {
  return (
    <FigureChartCard
      title={receivablesByAgeTitle(currencyCode)}
      labelHeading="Days past due"
      kind="bars"
      labels={figures ? AGE_BUCKETS.map(([, label]) => label) : []}
      series={figures ? [{ label: 'Owed', texts: AGE_BUCKETS.map(([key]) => figures[key]) }] : []}
    />
  );
}

/**
 * The firm's numbers (or the fee earner's own): this month and the year to date, each card made by
 * the report it opens, and the charts with their tables. The firm's home currency always has its
 * two money charts, empty when nothing was billed or is owed in it, so the section has the shape
 * FirmFiguresPending drew.
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
            emptyDetail={NOTHING_THIS_YEAR}
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
              emptyDetail={NOTHING_THIS_YEAR}
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
        {kpis.billedVsCollected && !hasCurrency(kpis.billedVsCollected, kpis.homeCurrencyCode) && (
          <BilledAndCollectedChart currencyCode={kpis.homeCurrencyCode} />
        )}
        {kpis.billedVsCollected?.map((currency) => (
          <BilledAndCollectedChart key={currency.currencyCode} currencyCode={currency.currencyCode} figures={currency} />
        ))}
        {kpis.receivablesByAge && !hasCurrency(kpis.receivablesByAge, kpis.homeCurrencyCode) && (
          <ReceivablesByAgeChart currencyCode={kpis.homeCurrencyCode} />
        )}
        {kpis.receivablesByAge?.map((currency) => (
          <ReceivablesByAgeChart key={currency.currencyCode} currencyCode={currency.currencyCode} figures={currency} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
