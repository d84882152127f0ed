import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney, isoToDisplayDate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { portalTrustQuery } from '../api/portal-trust-api.ts';
import { PortalTrustRequests } from './portal-trust-requests.tsx';

/** The Trust tab: the requests to pay, what the firm holds for the client per matter, and every movement with the balance after it. */
export function PortalTrustTab({ clientId }: { clientId: string | null }) {
  return (
    <Stack>
      <PortalTrustRequests clientId={clientId} />
      <PortalTrustHeld clientId={clientId} />
    </Stack>
  );
}

function PortalTrustHeld({ clientId }: { clientId: string | null }) {
  const trust = useQuery(portalTrustQuery(clientId));
  if (trust.isPending) return <LoadingSpinner label="Loading your trust money" />;
  if (!trust.data) return <Text c="red.8">Your trust money could not be loaded. Please try again later.</Text>;
  const { ledgers, movements } = trust.data;
  if (ledgers.length === 0) return <Text size="sm">Your firm holds no money in trust for you.</Text>;
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="portal-trust-held">
        <Stack gap="xs">
          <Text component="h2" id="portal-trust-held" fw={600} size="md" m={0}>
            Held in trust for you
          </Text>
          {ledgers.map((ledger) => (
            <Group key={`${ledger.trustAccountName}-${ledger.matterId ?? 'general'}`} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ minWidth: 0 }}>
                {ledger.matterName ?? 'General funds'} · {ledger.trustAccountName}
              </Text>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {formatMoney(ledger.balance, ledger.currencySymbol)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Trust movements">
        {movements.data.map((movement) => (
          <Card key={movement.id} withBorder component="li" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {movement.description}
                </Text>
                <Text size="sm" c="dimmed">
                  {[isoToDisplayDate(movement.date), movement.matterName, movement.number].filter(Boolean).join(' · ')}
                </Text>
                {!movement.isCleared && (
                  <Badge variant="outline" color="yellow.9" w="fit-content">
                    Not yet cleared
                  </Badge>
                )}
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={600}>
                  {formatMoney(movement.signedAmount, movement.currencySymbol)}
                </Text>
                <Text size="xs" c="dimmed">
                  Balance {formatMoney(movement.balanceAfter, movement.currencySymbol)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      {movements.totalCount > movements.data.length && (
        <Text size="sm" c="dimmed">
          The {movements.data.length} most recent of {movements.totalCount} movements. Your firm can send you a full statement.
        </Text>
      )}
    </Stack>
  );
}
