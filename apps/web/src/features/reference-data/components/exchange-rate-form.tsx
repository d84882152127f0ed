import { Group, Paper, TextInput, Title } from '@mantine/core';
import { exchangeRateInputSchema, todayIso, type Currency } from '@matterhorn/shared';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { setExchangeRate } from '../api/exchange-rates.ts';
import { currencyLabel } from '../../../lib/lookups/currencies.ts';

type ExchangeRateFormProps = {
  /** Every currency but the home one. */
  currencies: Currency[];
  homeCurrencyCode: string;
  onSaved: () => void;
};

/** 'Add rate': how many units of the home currency one unit of the foreign currency buys from a date on. */
export function ExchangeRateForm({ currencies, homeCurrencyCode, onSaved }: ExchangeRateFormProps) {
  const form = useSchemaForm(exchangeRateInputSchema, { foreignCurrencyId: '', rate: '', effectiveDate: todayIso() });
  const chosen = currencies.find((currency) => String(currency.id) === form.values.foreignCurrencyId);
  const dateError =
    form.errorFor('effectiveDate') && (form.values.effectiveDate ? 'Enter a date as DD/MM/YYYY' : 'Effective date is required');
  const submit = form.onSubmit(async (data) => {
    await setExchangeRate(data);
    onSaved();
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-rate-heading">
      <Title order={2} size="h4" mb="sm" id="add-rate-heading">
        Add rate
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SearchableSelect
            label="Currency"
            entity="currency"
            placeholder="Select currency"
            withAsterisk
            options={currencies.map((currency) => ({ value: String(currency.id), label: currencyLabel(currency) }))}
            value={form.values.foreignCurrencyId}
            onChange={(value) => {
              form.setValue('foreignCurrencyId', value);
              form.touch('foreignCurrencyId');
            }}
            onBlur={() => form.touch('foreignCurrencyId')}
            error={form.errorFor('foreignCurrencyId')}
            className="exchange-rate-currency"
          />
          <TextInput
            label="Rate"
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            description={`${homeCurrencyCode || 'Home currency'} for 1 ${chosen?.isoCurrenyCode ?? 'unit'}; up to 8 decimals`}
            {...form.inputProps('rate')}
          />
          <DatePickerField
            label="Effective date"
            withAsterisk
            value={isoDateToMonthDayYear(form.values.effectiveDate)}
            onChange={(monthDayYear) => form.setValue('effectiveDate', monthDayYearToIsoDate(monthDayYear) ?? '')}
            onBlur={() => form.touch('effectiveDate')}
            error={dateError || undefined}
          />
          <SubmitButton isSubmitting={form.isSubmitting} mt={25}>
            Add rate
          </SubmitButton>
        </Group>
      </form>
    </Paper>
  );
}
