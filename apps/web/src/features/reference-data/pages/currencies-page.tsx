import { Alert, Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { isoToDisplayDate, type ExchangeRateEntry } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { LoadingPage, LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { currenciesQuery, currencyLabel } from '../../../lib/lookups/currencies.ts';
import { deleteExchangeRate, EXCHANGE_RATES_KEY, useExchangeRates } from '../api/exchange-rates.ts';
import { useFirmProfile } from '../api/firm-profile.ts';
import { ExchangeRateForm } from '../components/exchange-rate-form.tsx';
import { ActionsHeader } from '../../../components/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function CurrenciesPage() {
  const queryClient = useQueryClient();
  const profile = useFirmProfile();
  const currencies = useQuery(currenciesQuery);
  const rates = useExchangeRates();
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<ExchangeRateEntry | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: EXCHANGE_RATES_KEY });

  if (profile.isPending || currencies.isPending)
    return <LoadingPage title={['Currencies & exchange rates', 'Settings']} label="Loading currencies" />;
  const homeCurrencyId = profile.data?.homeCurrencyId ?? null;
  const home = (currencies.data ?? []).find((currency) => currency.id === homeCurrencyId);
  const homeCode = home?.isoCurrenyCode ?? '';
  const foreign = (currencies.data ?? []).filter((currency) => currency.id !== homeCurrencyId);
  const list = rates.data ?? [];

  return (
    <Stack gap="lg">
      <PageTitle parts={['Currencies & exchange rates', 'Settings']} />
      <div>
        <Title order={1}>Currencies &amp; exchange rates</Title>
        <Text c="dimmed">Rates turn amounts billed in another currency into your home currency.</Text>
      </div>
      <Card withBorder component="section" aria-labelledby="home-currency-heading">
        <Text size="sm" c="dimmed" id="home-currency-heading">
          Home currency
        </Text>
        <Text fw={600} size="lg" data-testid="home-currency">
          {home ? currencyLabel(home) : 'Not set'}
        </Text>
        <Anchor component={Link} to="/settings/firm-profile" size="sm">
          Change it in the firm profile
        </Anchor>
      </Card>
      {profile.data && !profile.data.multicurrency && (
        <Alert color="blue" role="status">
          Multicurrency is off, so every bill is in your home currency. Turn it on in the firm profile to bill in other currencies.
        </Alert>
      )}
      <ExchangeRateForm
        key={formKey}
        currencies={foreign}
        homeCurrencyCode={homeCode}
        onSaved={() => {
          refresh();
          setFormKey((key) => key + 1);
        }}
      />
      <section aria-labelledby="exchange-rates-heading">
        <Title order={2} size="h4" mb="sm" id="exchange-rates-heading">
          Exchange rates
        </Title>
        {rates.isPending ? (
          <LoadingSpinner label="Loading exchange rates" />
        ) : list.length === 0 ? (
          <Text c="dimmed">No exchange rates yet.</Text>
        ) : (
          <Table striped aria-label="Exchange rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Currency pair</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th>Effective from</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((rate) => (
                <Table.Tr key={rate.id}>
                  <Table.Td>
                    {rate.foreignCurrencyCode} → {homeCode}
                  </Table.Td>
                  <Table.Td ta="right">{rate.rate}</Table.Td>
                  <Table.Td>{isoToDisplayDate(rate.effectiveDate)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setDeleting(rate)}
                      aria-label={`Delete ${rate.foreignCurrencyCode} rate of ${isoToDisplayDate(rate.effectiveDate)}`}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete exchange rate?"
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteExchangeRate(deleting.id);
          refresh();
        }}
      >
        {deleting
          ? `The ${deleting.foreignCurrencyCode} → ${homeCode} rate of ${deleting.rate} from ${isoToDisplayDate(deleting.effectiveDate)} will be removed. Entries already saved keep their rate.`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
