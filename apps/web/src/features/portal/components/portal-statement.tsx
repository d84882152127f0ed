import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney, isoToDisplayDate, type StatementSection } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { downloadPortalStatementPdf, portalStatementQuery, WHOLE_STATEMENT, type StatementPeriod } from '../api/portal-trust-api.ts';

/** The two balances, side by side: what the client owes the firm, and what the firm holds for them. */
function Balances({ label, section, balances }: { label: string; section: StatementSection; balances: StatementSection['closing'] }) {
  return (
    <SimpleGrid cols={2} spacing="xs">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}: you owe
        </Text>
        <Text fw={600}>{formatMoney(balances.owed, section.currencySymbol)}</Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}: held in trust
        </Text>
        <Text fw={600}>{formatMoney(balances.heldInTrust, section.currencySymbol)}</Text>
      </Stack>
    </SimpleGrid>
  );
}

/**
 * One currency's statement. "Owed to the firm" and "held in trust" are two running balances, never
 * netted: trust money is the client's until the firm pays an invoice from it (shown as two lines).
 */
function StatementCurrency({ section, isOnlyCurrency }: { section: StatementSection; isOnlyCurrency: boolean }) {
  return (
    <Stack gap="xs">
      {!isOnlyCurrency && (
        <Text component="h3" fw={600} size="sm" m={0}>
          In {section.currencyCode || section.currencySymbol}
        </Text>
      )}
      <Balances label="Opening" section={section} balances={section.opening} />
      {section.lines.length === 0 ? (
        <Text size="sm">Nothing in this period.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Statement lines">
          {section.lines.map((line, index) => (
            <Card key={`${line.date}-${line.reference ?? ''}-${index}`} withBorder component="li" padding="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {line.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[isoToDisplayDate(line.date), line.reference, line.matterName].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="xs">
                    Owed {formatMoney(line.owedAfter, section.currencySymbol)} · In trust{' '}
                    {formatMoney(line.heldInTrustAfter, section.currencySymbol)}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" fw={600}>
                    {formatMoney(line.amount, section.currencySymbol)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.account === 'invoices' ? 'Invoices' : 'Trust'}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Balances label="Closing" section={section} balances={section.closing} />
    </Stack>
  );
}

/** The statement of account: invoices, payments and trust movements with running balances, for a period, and as a PDF. */
export function PortalStatement({ clientId }: { clientId: string | null }) {
  const [period, setPeriod] = useState<StatementPeriod>(WHOLE_STATEMENT);
  const [failure, setFailure] = useState('');
  const statement = useQuery(portalStatementQuery(clientId, period));
  return (
    <Card withBorder component="section" aria-labelledby="portal-statement">
      <Stack gap="sm">
        <Text component="h2" id="portal-statement" fw={600} size="md" m={0}>
          Statement of account
        </Text>
        <Text size="sm" c="dimmed">
          What you owe on invoices and what is held in trust for you are kept as two separate balances.
        </Text>
        <Group align="flex-end" gap="xs">
          <DateRangeFields
            from={period.fromDate}
            to={period.toDate}
            onChange={(change) =>
              setPeriod((current) => ({ fromDate: change.from ?? current.fromDate, toDate: change.to ?? current.toDate }))
            }
          />
          <Button
            variant="default"
            onClick={() =>
              void downloadPortalStatementPdf(period)
                .then(() => setFailure(''))
                .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'The statement could not be downloaded'))
            }
          >
            Download statement PDF
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {statement.isPending ? (
          <LoadingSpinner label="Loading your statement" />
        ) : !statement.data ? (
          <Text size="sm" c="red.8">
            {statement.error instanceof Error ? statement.error.message : 'Your statement could not be loaded.'}
          </Text>
        ) : statement.data.sections.length === 0 ? (
          <Text size="sm">Nothing has been invoiced or held in trust for you yet.</Text>
        ) : (
          statement.data.sections.map((section) => (
            <StatementCurrency key={section.currencyCode} section={section} isOnlyCurrency={statement.data.sections.length === 1} />
          ))
        )}
      </Stack>
    </Card>
  );
}
