import { Checkbox, FileInput, Group, Image, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  BILLING_INCREMENT_LABELS,
  BILLING_INCREMENTS,
  emailSchema,
  firmProfileInputSchema,
  LOGO_MAX_LENGTH,
  MONTH_NAMES,
  WEEKDAY_NAMES,
  type Currency,
  type FirmProfile,
} from '@matterhorn/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { countryNames, timeZoneNames } from '../../../components/countries.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { currencyLabel } from '../../../lib/lookups/currencies.ts';
import type { FirmProfileUpdate } from '../api/firm-profile.ts';
import { readAsDataUrl } from '../../../lib/read-file.ts';

/** The API's schema, with a blank email read as "no email". */
const formSchema = firmProfileInputSchema.extend({
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), emailSchema.nullish()),
});

type FirmProfileFormProps = {
  profile: FirmProfile;
  currencies: Currency[];
  onSave: (body: FirmProfileUpdate) => Promise<void>;
};

/** The /setup-firm controls plus address, phone and email. */
export function FirmProfileForm({ profile, currencies, onSave }: FirmProfileFormProps) {
  const countries = useMemo(() => countryNames(), []);
  const timeZones = useMemo(() => timeZoneNames(), []);
  const [logoFile, setLogoFile] = useState<File | null>(null);
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
  const selectProps = (name: 'country' | 'homeCurrencyId' | 'timeZone' | 'billingIncrement' | 'fiscalYearStartMonth') => ({
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
  const slug = form.values.portalSlug || 'your-firm';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={640}>
        <TextInput label="Firm name" withAsterisk {...form.inputProps('firmName')} />
        <TextInput
          label="Portal address"
          withAsterisk
          description={`Your clients sign in at ${window.location.origin}/portal/${slug}/login`}
          {...form.inputProps('portalSlug')}
          onChange={(event) => form.setValue('portalSlug', event.currentTarget.value.toLowerCase())}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Country"
            withAsterisk
            searchable
            data={countries}
            nothingFoundMessage="No country found."
            {...selectProps('country')}
          />
          <Select
            label="Time zone"
            withAsterisk
            searchable
            data={timeZones}
            limit={100}
            nothingFoundMessage="No time zone found."
            {...selectProps('timeZone')}
          />
        </SimpleGrid>
        <Select
          label="Home currency"
          withAsterisk
          searchable
          data={currencies.map((currency) => ({ value: String(currency.id), label: currencyLabel(currency) }))}
          nothingFoundMessage="No currency found."
          {...selectProps('homeCurrencyId')}
        />
        <Switch
          label="Enable multicurrency"
          description="Bill clients in currencies other than your home currency."
          checked={form.values.multicurrency}
          onChange={(event) => form.setValue('multicurrency', event.currentTarget.checked)}
        />
        <Select
          label="Billing increment"
          description="Time is billed rounded up to this unit, once, when it is recorded (ABA Formal Opinion 93-379)."
          allowDeselect={false}
          data={BILLING_INCREMENTS.map((increment) => ({ value: increment, label: BILLING_INCREMENT_LABELS[increment] }))}
          {...selectProps('billingIncrement')}
        />
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
        <Textarea label="Address" rows={2} {...form.inputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.inputProps('phone')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
        </SimpleGrid>
        <FileInput
          label="Firm logo"
          description={`PNG, JPEG, GIF, WebP or SVG, up to ${Math.floor((LOGO_MAX_LENGTH * 3) / 4 / 1024)} KB`}
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          clearable
          placeholder={form.values.logo && !logoFile ? 'Current logo kept' : undefined}
          value={logoFile}
          onChange={async (file) => {
            setLogoFile(file);
            form.touch('logo');
            form.setValue('logo', file ? await readAsDataUrl(file) : null);
          }}
          error={form.errorFor('logo')}
        />
        {form.values.logo && !form.errorFor('logo') && <Image src={form.values.logo} alt="Firm logo" h={64} w="auto" fit="contain" />}
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm" style={{ alignSelf: 'flex-start' }}>
          Save changes
        </SubmitButton>
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
