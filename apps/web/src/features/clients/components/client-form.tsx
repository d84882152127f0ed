import { Button, Card, Group, NativeSelect, Radio, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  CLIENT_BILLING_PREFERENCE_LABELS,
  CLIENT_BILLING_PREFERENCES,
  clientInputSchema,
  type ClientBillingPreference,
  type CustomField,
  type LedesFormat,
} from '@matterhorn/shared';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { customFieldErrorsOf, type ClientFormValues } from '../utils/client-form-values.ts';
import { ClientContactsFields } from './client-contacts-fields.tsx';
import { CustomFieldInputs } from './custom-field-inputs.tsx';

/** Validates what the user sees: an individual's hidden contact rows never block saving. */
const clientFormSchema = z.preprocess((values) => {
  const form = values as ClientFormValues;
  return form.clientType === 'company' ? form : { ...form, contacts: [] };
}, clientInputSchema);

export type ClientFormProps = {
  initialValues: ClientFormValues;
  customFields: CustomField[];
  /** Saving continues outside the form (conflict check, then create): keeps the button disabled. */
  isBusy?: boolean;
  showStatus?: boolean;
  cancelTo: string;
  onSubmit: (values: ClientFormValues) => Promise<void>;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The client form of clientInputSchema: errors after a field is touched, asterisks on required labels. */
export function ClientForm({ initialValues, customFields, isBusy = false, showStatus = false, cancelTo, onSubmit }: ClientFormProps) {
  const form = useSchemaForm(clientFormSchema, initialValues);
  // Leaving the page (a link, Back, closing the tab) over unsaved typing asks first; the save's own navigation does not.
  const unsaved = useUnsavedChangesGuard(form.isDirty);
  const [touchedNested, setTouchedNested] = useState<Record<string, boolean>>({});
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const { values } = form;
  const isCompany = values.clientType === 'company';

  const customErrors = useMemo(() => customFieldErrorsOf(customFields, values.customFields), [customFields, values.customFields]);
  const isNestedShown = (key: string) => hasTriedSubmit || touchedNested[key] === true;
  const touchNested = (key: string) => setTouchedNested((previous) => ({ ...previous, [key]: true }));

  const submit = (event: FormEvent) => {
    setHasTriedSubmit(true);
    return form.onSubmit(async () => {
      if (Object.keys(customErrors).length > 0) return;
      await unsaved.whileSaving(() => onSubmit(form.getValues()));
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Client form">
      <Stack gap="md">
        <Section title="Client">
          <Stack gap="sm">
            <Radio.Group
              label="Client type"
              withAsterisk
              value={values.clientType}
              onChange={(next) => form.setValue('clientType', next === 'company' ? 'company' : 'individual')}
            >
              <Group mt={4}>
                <Radio value="individual" label="Individual" />
                <Radio value="company" label="Company" />
              </Group>
            </Radio.Group>
            {isCompany ? (
              <TextInput label="Company name" withAsterisk autoComplete="organization" {...form.inputProps('companyName')} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First name" withAsterisk autoComplete="given-name" {...form.inputProps('firstName')} />
                <TextInput label="Last name" withAsterisk autoComplete="family-name" {...form.inputProps('lastName')} />
              </SimpleGrid>
            )}
            {showStatus && (
              <Radio.Group
                label="Status"
                value={values.status}
                onChange={(next) => form.setValue('status', next === 'archived' ? 'archived' : 'active')}
              >
                <Group mt={4}>
                  <Radio value="active" label="Active" />
                  <Radio value="archived" label="Archived" />
                </Group>
              </Radio.Group>
            )}
          </Stack>
        </Section>

        <Section title="Contact details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
            <TextInput label="Alternate email" type="email" autoComplete="off" {...form.inputProps('alternateEmail')} />
            <TextInput label="Phone" type="tel" autoComplete="tel" {...form.inputProps('phone')} />
            <TextInput label="Alternate phone" type="tel" autoComplete="off" {...form.inputProps('alternatePhone')} />
          </SimpleGrid>
        </Section>

        <Section title="Address">
          <Stack gap="sm">
            <TextInput label="Address" autoComplete="street-address" {...form.inputProps('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="City" autoComplete="address-level2" {...form.inputProps('city')} />
              <TextInput label="State" autoComplete="address-level1" {...form.inputProps('state')} />
              <TextInput label="Country" autoComplete="country-name" {...form.inputProps('country')} />
              <TextInput label="Postal code" autoComplete="postal-code" {...form.inputProps('postalCode')} />
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title="Billing">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Tax identification number" maxLength={20} {...form.inputProps('taxNumber')} />
            <NativeSelect
              label="LEDES format"
              description="What the client's e-billing portal takes: 1998BI carries VAT and other taxes."
              data={[
                { value: '1998B', label: 'LEDES 1998B' },
                { value: '1998BI', label: 'LEDES 1998BI (international, with tax)' },
              ]}
              value={form.values.ledesFormat}
              onChange={(event) => form.setValue('ledesFormat', event.currentTarget.value as LedesFormat)}
            />
            <NativeSelect
              label="Invoices in a bill run"
              description="How a bill run drafts this client's invoices; one per client still never mixes currencies."
              data={CLIENT_BILLING_PREFERENCES.map((value) => ({ value, label: CLIENT_BILLING_PREFERENCE_LABELS[value] }))}
              value={form.values.billingPreference}
              onChange={(event) => form.setValue('billingPreference', event.currentTarget.value as ClientBillingPreference)}
            />
          </SimpleGrid>
        </Section>

        {isCompany && (
          <Section title="Contact people">
            <ClientContactsFields form={form} />
          </Section>
        )}

        {customFields.length > 0 && (
          <Section title="Custom fields">
            <CustomFieldInputs
              fields={customFields}
              values={values.customFields}
              errorFor={(fieldId) => (isNestedShown(`custom.${fieldId}`) ? customErrors[fieldId] : undefined)}
              onChange={(fieldId, value) => form.setValue('customFields', { ...values.customFields, [fieldId]: value })}
              onBlur={(fieldId) => touchNested(`custom.${fieldId}`)}
            />
          </Section>
        )}

        <Section title="Notes">
          <Textarea
            label="Notes"

            rows={3}

            {...form.inputProps('notes')}
          />
        </Section>

        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting} disabled={isBusy}>
            Save client
          </SubmitButton>
        </Group>
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
