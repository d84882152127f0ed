import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Textarea } from '@mantine/core';
import { billedLockMessage, formatMoney, type FlatFee } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { activityTypesQuery } from '../../../lib/lookups/activity-types.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createFlatFee, matterBillingQuery, updateFlatFee } from '../api/flat-fee.ts';
import { LOCKED_REASON } from '../utils/flat-fee-display.ts';
import { flatFeeFormSchema, flatFeeInputFrom, type FlatFeeFormValues } from '../utils/flat-fee-form-values.ts';

export const FLAT_RATE_HINT = 'The matter’s flat rate';
export const NO_ACTIVITY_LABEL = 'None';

export type FlatFeeFormProps = {
  initialValues: FlatFeeFormValues;
  /** The fee being edited: it is updated instead of created, and keeps its own choices in the lists. */
  fee?: FlatFee;
  currencySymbol: string;
  cancelTo: string;
  onSaved: (fee: FlatFee) => void;
};

/**
 * The add and edit form (PRODUCT.md module 8): client, one of that client's matters, fee earner,
 * optional activity type, date, description, amount and note. A Flat Rate matter offers its flat
 * rate as the amount; a typed amount is never overwritten.
 */
export function FlatFeeForm({ initialValues, fee, currencySymbol, cancelTo, onSaved }: FlatFeeFormProps) {
  const form = useSchemaForm(flatFeeFormSchema, initialValues);
  const { values } = form;
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));
  const members = useQuery(teamMembersQuery);
  const activities = useQuery(activityTypesQuery);
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(initialValues.flatFeeDate));
  const idempotency = useIdempotencyKey();
  // A created fee is never created twice: a second submit goes to the fee already made.
  const created = useRef<FlatFee | null>(null);
  const isLocked = fee?.isLocked === true;

  const matterList = matters.data ?? [];
  const chosenMatter = matterList.find((matter) => matter.id === values.matterId);
  const matterOptions: SelectOption[] = matterList
    // New fees go on open matters only (the server refuses closed ones); the fee's own stays listed.
    .filter((matter) => matter.status === 'Open' || matter.id === values.matterId)
    .map((matter) => ({ value: matter.id, label: matterOptionLabel(matter) }));
  if (fee && fee.clientId === values.clientId && !matterOptions.some((option) => option.value === fee.matterId)) {
    matterOptions.push({ value: fee.matterId, label: matterOptionLabel({ matterName: fee.matterName, matterNumber: fee.matterNumber }) });
  }

  // The matter's flat rate, asked for only when the matter bills a flat rate.
  const isFlatRateMatter = chosenMatter?.matterRate === 'Flat Rate';
  const billing = useQuery(matterBillingQuery(isFlatRateMatter ? values.matterId : ''));
  const flatRate = isFlatRateMatter && billing.data?.matterRate === 'Flat Rate' ? (billing.data.flatRate ?? null) : null;
  const offered = useRef<string | null>(null);
  useEffect(() => {
    if (flatRate === null) return;
    const amount = form.getValues().amount;
    // Offer the rate into an empty amount, or in place of the rate offered for the last matter; into
    // an untouched form (opened from a flat-rate matter) it is where the form starts, no change to discard.
    if (amount === '' && !form.isDirty) form.setInitialValue('amount', flatRate);
    else if (amount === '' || amount === offered.current) form.setValue('amount', flatRate);
    offered.current = flatRate;
    // form is stable for the life of the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flatRate, values.matterId]);

  const memberOptions: SelectOption[] = (members.data ?? [])
    .filter((member) => member.isActive || member.id === values.userId)
    .map((member) => ({ value: member.id, label: member.name }));
  if (fee && !memberOptions.some((option) => option.value === fee.userId)) memberOptions.push({ value: fee.userId, label: fee.userName });

  const activityOptions: SelectOption[] = [
    { value: '', label: NO_ACTIVITY_LABEL },
    ...(activities.data ?? []).map((activity) => ({
      value: activity.id,
      label: activity.utbmsCode ? `${activity.activityType} (${activity.utbmsCode})` : activity.activityType,
    })),
  ];
  if (fee?.activityId && !activityOptions.some((option) => option.value === fee.activityId)) {
    activityOptions.push({ value: fee.activityId, label: fee.activityType ?? 'Activity' });
  }

  // Leaving the page over unsaved typing asks first; the save's own navigation does not.
  const unsaved = useUnsavedChangesGuard(!isLocked && form.isDirty);
  const save = form.onSubmit(() =>
    unsaved.whileSaving(async () => {
      if (created.current) {
        onSaved(created.current);
        return;
      }
      const body = flatFeeInputFrom(form.getValues());
      if (fee) {
        onSaved(await updateFlatFee(fee.id, body));
      } else {
        created.current = await createFlatFee(body, idempotency.key);
        onSaved(created.current);
      }
    }),
  );

  const amountHint =
    flatRate === null ? undefined : values.amount === flatRate ? (
      FLAT_RATE_HINT
    ) : (
      <>
        {FLAT_RATE_HINT}: {formatMoney(flatRate, currencySymbol)}.{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => form.setValue('amount', flatRate)}>
          Use it
        </Anchor>
      </>
    );

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="form"
      onSubmit={(event: FormEvent) => void save(event)}
      noValidate
      aria-label={fee ? 'Edit flat fee' : 'New flat fee'}
    >
      <Stack gap="lg">
        {isLocked && (
          <Alert color="gray" title="Billed">
            {fee?.billedOnInvoiceNumber ? billedLockMessage(fee.billedOnInvoiceNumber) : `${LOCKED_REASON}.`}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ClientSelect
              label="Client"
              withAsterisk
              placeholder={clients.isPending ? 'Loading clients…' : 'Select client'}
              people={clients.data?.people ?? []}
              companies={clients.data?.companies ?? []}
              value={values.clientId}
              onChange={(clientId) => {
                form.setValue('clientId', clientId);
                // The matter must be one of the client's.
                if (clientId !== values.clientId) form.setValue('matterId', '');
                form.touch('clientId');
              }}
              onBlur={() => form.touch('clientId')}
              error={form.errorFor('clientId')}
              disabled={isLocked}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SearchableSelect
              label="Matter"
              withAsterisk
              entity="matter"
              placeholder={values.clientId === '' ? 'Choose a client first' : matters.isPending ? 'Loading matters…' : 'Select matter'}
              options={matterOptions}
              value={values.matterId}
              onChange={(matterId) => {
                form.setValue('matterId', matterId);
                form.touch('matterId');
              }}
              onBlur={() => form.touch('matterId')}
              error={form.errorFor('matterId')}
              disabled={isLocked || values.clientId === ''}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SearchableSelect
              label="Fee earner"
              withAsterisk
              entity="fee earner"
              placeholder="Select fee earner"
              options={memberOptions}
              {...form.selectProps('userId')}
              disabled={isLocked}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SearchableSelect
              label="Activity type"
              entity="activity type"
              placeholder="Optional"
              options={activityOptions}
              {...form.selectProps('activityId')}
              disabled={isLocked}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DatePickerField
              label="Date"
              withAsterisk
              value={dateText}
              onChange={(monthDayYear) => {
                setDateText(monthDayYear);
                form.setValue('flatFeeDate', monthDayYearToIsoDate(monthDayYear) ?? '');
              }}
              onBlur={() => form.touch('flatFeeDate')}
              error={form.errorFor('flatFeeDate')}
              disabled={isLocked}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <MoneyInput
              label="Amount"
              withAsterisk
              leftSection={currencySymbol || undefined}
              value={values.amount}
              onChange={(amount) => form.setValue('amount', amount)}
              onBlur={() => form.touch('amount')}
              error={form.errorFor('amount')}
              description={amountHint}
              // The hint sits under the field, so the amount lines up with the date beside it.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              disabled={isLocked}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Description" withAsterisk rows={3} maxLength={5000} {...form.inputProps('description')} disabled={isLocked} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Note"
              description="For the firm; not shown on invoices"
              rows={2}
              maxLength={2000}
              {...form.inputProps('note')}
              disabled={isLocked}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
          {!isLocked && <SubmitButton isSubmitting={form.isSubmitting}>{fee ? 'Save changes' : 'Save flat fee'}</SubmitButton>}
        </Group>
      </Stack>
      {unsaved.prompt}
    </Paper>
  );
}
