import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { countryNames } from '../../../components/countries.ts';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import { namesWith } from '../utils/setting-choices.ts';
import { LogoField } from './logo-field.tsx';
import { SettingsSection } from './settings-section.tsx';

/** The firm as clients see it: name, logo, contact details, tax number, country, portal address. */
export function FirmSection({ form }: { form: FirmSettingsForm }) {
  const countries = useMemo(() => countryNames(), []);
  const slug = form.values.portalSlug || 'your-firm';
  return (
    <SettingsSection title="Firm" description="How your firm appears on invoices, credit notes and the client portal.">
      <TextInput label="Firm name" withAsterisk autoComplete="organization" maxLength={160} {...form.inputProps('firmName')} />
      <LogoField form={form} />
      <Textarea label="Address" rows={2} maxLength={300} autoComplete="street-address" {...form.inputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Phone" type="tel" autoComplete="tel" maxLength={40} {...form.inputProps('phone')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
        <TextInput
          label="Tax identification number"
          description="Printed on your invoices and credit notes."
          maxLength={50}
          {...form.inputProps('taxNumber')}
        />
        <Select
          label="Country"
          withAsterisk
          searchable
          allowDeselect={false}
          data={namesWith(countries, form.values.country)}
          nothingFoundMessage="No country found."
          {...form.valueProps('country')}
        />
      </SimpleGrid>
      <TextInput
        label="Portal address"
        withAsterisk
        description={`Your clients sign in at ${window.location.origin}/portal/${slug}/login`}
        maxLength={40}
        {...form.inputProps('portalSlug')}
        onChange={(event) => form.setValue('portalSlug', event.currentTarget.value.toLowerCase())}
      />
    </SettingsSection>
  );
}
