import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { formatMoney, type ReconciliationAlert } from '@matterhorn/shared';
import { Link } from 'react-router';

/** The trust account page (its Reconciliation tab), by account id. */
export const trustAccountPath = (trustAccountId: string) => `/trust-account/${trustAccountId}?activeTab=reconciliation`;

/**
 * For those who see trust accounts: any account whose journal, client ledgers and bank balance
 * disagree today (nothing is shown while they all agree).
 */
export function ReconciliationAlertsCard({ alerts }: { alerts: ReconciliationAlert[] | null | undefined }) {
  if (!alerts || alerts.length === 0) return null;
  return (
    <Alert color="red" role="alert" title="Trust accounts out of balance" component="section">
      <Stack gap={4}>
        {alerts.map((alert) => (
          <Text size="sm" key={alert.trustAccountId}>
            <Anchor component={Link} to={trustAccountPath(alert.trustAccountId)} size="sm" fw={600}>
              {alert.trustAccountName}
            </Anchor>
            : journal {formatMoney(alert.ledgerBalance, alert.currencySymbol)}, client ledgers{' '}
            {formatMoney(alert.clientLedgersTotal, alert.currencySymbol)}
            {alert.adjustedBankBalance !== null && `, adjusted bank ${formatMoney(alert.adjustedBankBalance, alert.currencySymbol)}`}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
