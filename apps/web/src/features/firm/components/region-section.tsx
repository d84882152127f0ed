import { Select, SimpleGrid, Switch } from '@mantine/core';
import type { Currency } from '@matterhorn/shared';
import { useMemo } from 'react';
import { timeZoneNames } from '../../../components/countries.ts';
import { currencyLabel } from '../../../lib/lookups/currencies.ts';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import { DATE_FORMAT_CHOICES, namesWith } from '../utils/setting-choices.ts';
import { SettingsSection } from './settings-section.tsx';

/** Where the firm is and what it counts in: time zone, document date format, home currency, multicurrency. */
export function RegionSection({ form, currencies }: { form: FirmSettingsForm; currencies: Currency[] }) {
  const timeZones = useMemo(() => timeZoneNames(), []);
  const homeCurrencyId = form.values.homeCurrencyId;
  const currencyChoices = useMemo(() => {
    const choices = currencies.map((currency) => ({ value: String(currency.id), label: currencyLabel(currency) }));
    // The currency list failed to load: the stored currency still shows rather than a blank field.
    const isListed = homeCurrencyId === '' || choices.some((choice) => choice.value === homeCurrencyId);
    return isListed ? choices : [{ value: homeCurrencyId, label: 'Current home currency' }, ...choices];
  }, [currencies, homeCurrencyId]);
  return (
    <SettingsSection title="Region and currency">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Time zone"
          description="What “today” means for your firm’s dates."
          withAsterisk
          searchable
          allowDeselect={false}
          data={namesWith(timeZones, form.values.timeZone)}
          limit={100}
          nothingFoundMessage="No time zone found."
          {...form.valueProps('timeZone')}
        />
        <Select
          label="Date format for documents"
          description="How dates print on invoices and credit notes. Screens always show DD/MM/YYYY."
          allowDeselect={false}
          data={DATE_FORMAT_CHOICES}
          {...form.valueProps('dateFormat')}
        />
      </SimpleGrid>
      <Select
        label="Home currency"
        description="The currency your books are kept in. It cannot change once time or money has been recorded."
        withAsterisk
        searchable
        allowDeselect={false}
        data={currencyChoices}
        nothingFoundMessage="No currency found."
        {...form.valueProps('homeCurrencyId')}
      />
      <Switch
        label="Enable multicurrency"
        description="Bill clients in currencies other than your home currency."
        checked={form.values.multicurrency}
        onChange={(event) => form.setValue('multicurrency', event.currentTarget.checked)}
      />
    </SettingsSection>
  );
}
