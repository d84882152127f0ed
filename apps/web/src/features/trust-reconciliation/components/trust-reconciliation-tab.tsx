import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, isoToDisplayDate } from '@matterhorn/shared';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useReconciliation } from '../api/reconciliation-api.ts';
import { BalancesPanel } from './balances-panel.tsx';
import { BankStatementForms } from './bank-statement-forms.tsx';
import { SignOffPanel } from './sign-off-panel.tsx';
import { StatementLinesPanel } from './statement-lines-panel.tsx';

/**
 * A trust account's three-way reconciliation (issue 16): the trust bank in the journal, the client
 * ledgers and the bank side by side as of a chosen date, the differences itemised, the bank
 * statement's import and lines, and sign-off. For the trust account page's tab slot.
 */
export function TrustReconciliationTab({ trustAccountId }: { trustAccountId: string }) {
  const session = useSession();
  const canEdit = hasPermissions(session.permissions, ['trustAccountRequest.edit']);
  // Empty: the API's today (the firm's); a chosen date is sent as ISO.
  const [asOfText, setAsOfText] = useState('');
  const [clientPage, setClientPage] = useState(1);
  const asOf = monthDayYearToIsoDate(asOfText) ?? '';
  const query = useReconciliation(trustAccountId, asOf, clientPage);
  const reconciliation = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            Three-way reconciliation
          </Title>
          {reconciliation?.lastSignedOffPeriodEnd && (
            <Text size="sm" c="dimmed">
              Signed off to {isoToDisplayDate(reconciliation.lastSignedOffPeriodEnd)}
            </Text>
          )}
        </div>
        <DatePickerField
          label="As of"
          value={asOfText || (reconciliation ? isoDateToMonthDayYear(reconciliation.asOf) : '')}
          onChange={(value) => {
            setAsOfText(value);
            setClientPage(1);
          }}
        />
      </Group>
      {query.isLoading && <LoadingSpinner label="Loading the reconciliation" />}
      {query.isError && !reconciliation && (
        <Alert color="red" role="alert">
          The reconciliation could not be loaded.
        </Alert>
      )}
      {reconciliation && (
        <>
          <BalancesPanel reconciliation={reconciliation} onClientPage={setClientPage} />
          {canEdit && <BankStatementForms trustAccountId={trustAccountId} />}
          <StatementLinesPanel trustAccountId={trustAccountId} symbol={reconciliation.currencySymbol} canEdit={canEdit} />
          <SignOffPanel
            trustAccountId={trustAccountId}
            asOf={reconciliation.asOf}
            isBalanced={reconciliation.isBalanced}
            hasBankBalance={reconciliation.hasBankBalance}
            canEdit={canEdit}
            symbol={reconciliation.currencySymbol}
          />
        </>
      )}
    </Stack>
  );
}
