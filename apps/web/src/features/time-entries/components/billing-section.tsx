import { Box, Checkbox, Fieldset, Grid, Group, Text, TextInput, Tooltip, type GridColProps } from '@mantine/core';
import { formatMoney } from '@matterhorn/shared';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import type { PopupOptions } from '../hooks/use-popup-options.ts';
import type { TimeEntryFormState } from '../hooks/use-time-entry-form.ts';

export const BILLING_LEGEND = 'Billing Information';
export const BILLABLE_TOOLTIP = 'Checking this means that this can be added to an invoice and billed to the client.';
export const TOTAL_VALUE_LABEL = 'Total value';
/** Said when the firm has no rate for the pair: the rate can still be typed for this entry. */
export const noRateText = (foreignCode: string, homeCode: string) =>
  `No exchange rate is set for ${foreignCode} to ${homeCode}. Type the rate for this entry (${homeCode} for 1 ${foreignCode}), or set one under Currencies & exchange rates.`;

/** How wide each field of a popup section is: a number of the grid's 12 columns, or one per breakpoint. */
export type SectionSpan = GridColProps['span'];

/** SPEC.md §2 'Billing Information': Billable, Currency, Rate, Entered By, exchange rate, total value. */
export function BillingSection({ state, options, span }: { state: TimeEntryFormState; options: PopupOptions; span: SectionSpan }) {
  const { workingUser } = useSession();
  const { form, values } = state;
  const homeSymbol = workingUser?.currency ?? '';
  const billingSymbol = state.isForeign ? (options.billingCurrency?.symbol ?? '') : homeSymbol;
  const homeCode = workingUser?.currencyISOCode ?? '';

  return (
    <Fieldset legend={BILLING_LEGEND} variant="unstyled">
      <Grid gap="sm">
        <Grid.Col span={12}>
          {/* The tooltip hangs on the box and its label together, not on the 20-px box alone. */}
          <Tooltip label={BILLABLE_TOOLTIP} multiline w={280} position="top-start" events={{ hover: true, focus: true, touch: true }}>
            <Box w="fit-content" data-testid="time-entry-billable-field">
              <Checkbox
                label="Billable"
                checked={state.isBillable}
                disabled={!state.canToggleBillable}
                onChange={(event) => state.toggleBillable(event.currentTarget.checked)}
                data-testid="time-entry-billable"
              />
            </Box>
          </Tooltip>
        </Grid.Col>
        <Grid.Col span={span}>
          <SearchableSelect
            label="Currency"
            entity="currency"
            placeholder="Select currency"
            options={options.currencyOptions}
            value={values.foreignCurrencyId}
            onChange={(currencyId) => void state.changeCurrency(currencyId)}
            disabled={!state.canChooseCurrency}
            description={state.canChooseCurrency ? undefined : 'Multicurrency is off for your firm'}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <MoneyInput
            label="Rate"
            leftSection={homeSymbol || undefined}
            description={state.isForeign ? `Per hour, in ${homeCode || homeSymbol} (your firm's currency)` : undefined}
            value={values.userRate}
            onChange={(rate) => form.setValue('userRate', rate)}
            onBlur={() => form.touch('userRate')}
            error={form.errorFor('userRate')}
            disabled={!state.isBillable || state.isBilled}
          />
        </Grid.Col>
        {state.isForeign && (
          <Grid.Col span={span}>
            {/* SPEC.md §9 keeps the rate in the home currency (total = rate × hours ÷ exchange rate);
                the rate the client is billed at shows here, under the chosen currency's symbol. */}
            <TextInput
              label={`Rate in ${options.billingCurrency?.isoCurrenyCode ?? 'billing currency'}`}
              leftSection={billingSymbol || undefined}
              description="Your rate at the exchange rate"
              value={formatMoney(state.amounts.foreignUserRate, '')}
              readOnly
              data-testid="time-entry-billing-rate"
            />
          </Grid.Col>
        )}
        <Grid.Col span={span}>
          <SearchableSelect
            label="Entered By"
            withAsterisk
            entity="user"
            placeholder="Select user"
            options={options.userOptions}
            value={values.timeEntryUserId}
            onChange={state.changeUser}
            onBlur={() => form.touch('timeEntryUserId')}
            error={form.errorFor('timeEntryUserId')}
            disabled={!state.canChooseUser}
          />
        </Grid.Col>
        {state.isForeign && (
          <Grid.Col span={span}>
            <TextInput
              label="Exchange Rate"
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              description={
                state.hasNoFirmRate
                  ? noRateText(options.billingCurrency?.isoCurrenyCode ?? '', homeCode || homeSymbol)
                  : `${homeCode || homeSymbol} for 1 ${options.billingCurrency?.isoCurrenyCode ?? ''}`.trim()
              }
              data-testid="time-entry-exchange-rate"
              {...form.inputProps('exchangeRate')}
              disabled={state.isBilled}
            />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          <Group gap="xs" data-testid="time-entry-total">
            <Text size="sm" fw={500}>
              {TOTAL_VALUE_LABEL}:
            </Text>
            <Text size="sm" fw={700} data-testid="time-entry-total-amount">
              {formatMoney(state.amounts.totalAmount, billingSymbol)}
            </Text>
            {state.isForeign && (
              <Text size="sm" c="dimmed">
                ({formatMoney(state.amounts.homeTotalAmount, homeSymbol)} at home)
              </Text>
            )}
          </Group>
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
