import { Checkbox, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { emailSchema, firmProfileInputSchema, MONTH_NAMES, WEEKDAY_NAMES, type FirmProfile } from '@matterhorn/shared';
import { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import type { FirmProfileUpdate } from '../api/firm-profile.ts';

/** The API's schema, with a blank email read as "no email". */
const formSchema = firmProfileInputSchema.extend({
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), emailSchema.nullish()),
});

type FirmProfileFormProps = {
  profile: FirmProfile;
  onSave: (body: FirmProfileUpdate) => Promise<void>;
};

/**
 * How the firm works: budgets, sign-in, the fiscal year and the working week. Its name, contact
 * details, logo, portal address, region, currencies and billing increment are set once, under
 * Settings › General; the form sends them back as they are, since the profile is saved whole.
 */
export function FirmProfileForm({ profile, onSave }: FirmProfileFormProps) {
  const form = useSchemaForm(formSchema, {
    firmName: profile.firmName,
    portalSlug: profile.portalSlug ?? '',
    country: profile.country ?? '',
    homeCurrencyId: profile.homeCurrencyId ? String(profile.homeCurrencyId) : '',
    multicurrency: profile.multicurrency,
    timeZone: profile.timeZone,
    logo: profile.logo,
    address: profile.address ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    billingIncrement: profile.billingIncrement,
    blockTimePastBudget: profile.blockTimePastBudget,
    requireTwoStep: profile.requireTwoStep,
    fiscalYearStartMonth: String(profile.fiscalYearStartMonth),
    availableHoursPerDay: profile.availableHoursPerDay,
    workingDays: profile.workingDays,
  });
  const selectProps = (name: 'fiscalYearStartMonth') => ({
    value: form.values[name] || null,
    onChange: (value: string | null) => {
      form.setValue(name, value ?? '');
      form.touch(name);
    },
    onBlur: () => form.touch(name),
    error: form.errorFor(name),
  });
  // Leaving the page over unsaved changes asks first.
  const unsaved = useUnsavedChangesGuard(form.isDirty);
  const submit = form.onSubmit(async (data) => {
    await onSave(data as FirmProfileUpdate);
    form.markSaved();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={640}>
        <Switch
          label="Block time past a matter’s budget"
          description="Refuse a time entry that would take a matter past 100% of its hours, fees or total budget. Off: the responsible fee earner is only emailed at 80% and 100%."
          checked={form.values.blockTimePastBudget ?? false}
          onChange={(event) => form.setValue('blockTimePastBudget', event.currentTarget.checked)}
        />
        <Switch
          label="Require two-step sign-in for everyone"
          description="Each member sets up an authenticator app at their next sign-in."
          checked={form.values.requireTwoStep ?? false}
          onChange={(event) => form.setValue('requireTwoStep', event.currentTarget.checked)}
        />
        <Select
          label="Fiscal year starts in"
          description="The month your financial year begins: the profit and loss account’s current year and budgets follow it."
          allowDeselect={false}
          data={MONTH_NAMES.map((month, index) => ({ value: String(index + 1), label: month }))}
          {...selectProps('fiscalYearStartMonth')}
        />
        <TextInput
          label="Available hours per day"
          description="A fee earner's hours on a working day, unless their own is set: the utilisation report's available time."
          inputMode="decimal"
          {...form.inputProps('availableHoursPerDay')}
        />
        <Checkbox.Group
          label="Working days"
          description="The days the utilisation report counts as available."
          value={form.values.workingDays.map(String)}
          onChange={(days) => {
            form.setValue(
              'workingDays',
              days.map(Number).sort((left, right) => left - right),
            );
            form.touch('workingDays');
          }}
          error={form.errorFor('workingDays')}
        >
          <Group gap="md" mt={4}>
            {WEEKDAY_NAMES.map((day, index) => (
              <Checkbox key={day} value={String(index + 1)} label={day} />
            ))}
          </Group>
        </Checkbox.Group>
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm" style={{ alignSelf: 'flex-start' }}>
          Save changes
        </SubmitButton>
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
