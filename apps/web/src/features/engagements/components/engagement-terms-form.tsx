import { Button, Grid, Select, Text, Textarea, TextInput } from '@mantine/core';
import {
  ENGAGEMENT_FEE_TERMS,
  engagementTermsInputSchema,
  MATTER_RATES,
  type Engagement,
  type EngagementTermsInput,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { engagementTemplatesQuery } from '../api/engagement-api.ts';

type Values = Record<keyof EngagementTermsInput, string>;

const valuesOf = (engagement: Engagement): Values => {
  const { terms } = engagement;
  return {
    practiceAreaId: terms.practiceAreaId ?? '',
    responsibleUserId: terms.responsibleUserId ?? '',
    matterName: terms.matterName,
    matterDescription: terms.matterDescription ?? '',
    billingType: terms.billingType,
    hourlyRate: terms.hourlyRate ?? '',
    flatRate: terms.flatRate ?? '',
    contingencyPercentage: terms.contingencyPercentage ?? '',
    retainerAmount: terms.retainerAmount ?? '',
    retainerCurrencyCode: terms.retainerCurrencyCode ?? engagement.homeCurrencyCode,
    templateDocumentId: terms.templateDocumentId ?? '',
  };
};

/** The terms, each field once: the matter is opened from them on Convert, nothing typed again. */
export function EngagementTermsForm({
  engagement,
  disabled,
  onSave,
}: {
  engagement: Engagement;
  disabled: boolean;
  onSave: (terms: EngagementTermsInput) => Promise<unknown>;
}) {
  const [values, setValues] = useState(() => valuesOf(engagement));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [isSaving, setSaving] = useState(false);
  const members = useQuery(teamMembersQuery);
  const areas = useQuery(practiceAreasQuery);
  const currencies = useQuery(currenciesQuery);
  const templates = useQuery(engagementTemplatesQuery);
  const set = (key: keyof Values) => (value: string | null) => setValues((current) => ({ ...current, [key]: value ?? '' }));
  // The fees the letter out for signature (or signed) states stay as they are (the server's engagementFeesLock).
  const isLocked = (key: keyof Values) => engagement.feesLock !== null && (ENGAGEMENT_FEE_TERMS as readonly string[]).includes(key);
  const field = (key: keyof Values) => ({ value: values[key], error: errors[key], disabled: disabled || isLocked(key) });

  const submit = async () => {
    const body = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value === '' ? null : value]),
    ) as EngagementTermsInput;
    const parsed = engagementTermsInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    await onSave(body)
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  const rateField =
    values.billingType === 'Hourly' ? (
      <TextInput
        label={`Hourly rate (${engagement.homeCurrencyCode})`}
        inputMode="decimal"
        {...field('hourlyRate')}
        onChange={(event) => set('hourlyRate')(event.currentTarget.value)}
      />
    ) : values.billingType === 'Flat Rate' ? (
      <TextInput
        label={`Flat fee (${engagement.homeCurrencyCode})`}
        inputMode="decimal"
        {...field('flatRate')}
        onChange={(event) => set('flatRate')(event.currentTarget.value)}
      />
    ) : values.billingType === 'Contingency' ? (
      <TextInput
        label="Contingency (%)"
        inputMode="decimal"
        {...field('contingencyPercentage')}
        onChange={(event) => set('contingencyPercentage')(event.currentTarget.value)}
      />
    ) : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {engagement.feesLock && (
        <Text size="sm" c="dimmed" mb="xs">
          {engagement.feesLock}
        </Text>
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Matter name"
            withAsterisk
            {...field('matterName')}
            onChange={(event) => set('matterName')(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Responsible fee earner"
            withAsterisk
            searchable
            data={activeMembers(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
            {...field('responsibleUserId')}
            onChange={set('responsibleUserId')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...field('matterDescription')}
            onChange={(event) => set('matterDescription')(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Practice area"
            clearable
            searchable
            data={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
            {...field('practiceAreaId')}
            onChange={set('practiceAreaId')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Billing type"
            withAsterisk
            data={[...MATTER_RATES]}
            allowDeselect={false}
            {...field('billingType')}
            onChange={set('billingType')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>{rateField}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Retainer into trust"
            description="Blank: none"
            inputMode="decimal"
            {...field('retainerAmount')}
            onChange={(event) => set('retainerAmount')(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Retainer currency"
            searchable
            data={(currencies.data ?? []).map((currency) => ({ value: currency.isoCurrenyCode, label: currency.isoCurrenyCode }))}
            {...field('retainerCurrencyCode')}
            onChange={set('retainerCurrencyCode')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label="Letter template"
            description="A Word template from the Templates folder"
            clearable
            data={(templates.data ?? []).map((template) => ({ value: template.documentId, label: template.name }))}
            {...field('templateDocumentId')}
            onChange={set('templateDocumentId')}
          />
        </Grid.Col>
      </Grid>
      {!disabled && (
        <Button type="submit" mt="sm" loading={isSaving}>
          Save terms
        </Button>
      )}
    </form>
  );
}
