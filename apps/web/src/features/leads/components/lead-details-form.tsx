import { ActionIcon, Button, Grid, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { leadCreateSchema, leadUpdateSchema, STAFF_LEAD_SOURCES, LEAD_SOURCE_LABELS, type Lead } from '@matterhorn/shared';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { MutableRefObject } from 'react';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useLeadWrites } from '../api/leads-api.ts';
import type { LeadFormValues } from '../utils/lead-form-values.ts';

export type LeadDetailsFormProps = {
  /** The lead being edited; null enters a new one (with its source and assignee). */
  lead: Lead | null;
  initialValues: LeadFormValues;
  hasChanges: MutableRefObject<() => boolean>;
  onCancel: () => void;
  onSaved: (lead: Lead) => void;
};

/**
 * A lead's details as staff type them: how it came in (a new lead: phone, referral or walk-in, and
 * who follows it up), person or company, contact details, the matter and the other side.
 */
export function LeadDetailsForm({ lead, initialValues, hasChanges, onCancel, onSaved }: LeadDetailsFormProps) {
  const form = useSchemaForm(lead ? leadUpdateSchema : leadCreateSchema, initialValues);
  const { values } = form;
  const writes = useLeadWrites();
  const idempotency = useIdempotencyKey();
  const members = useQuery(teamMembersQuery);
  const practiceAreas = useQuery(practiceAreasQuery);
  hasChanges.current = () => form.isDirty;
  const isCompany = values.leadType === 'company';
  const parties = values.opposingParties;

  const save = form.onSubmit(async () => {
    const current = form.getValues();
    const saved = lead
      ? await writes.update(lead.id, current)
      : await writes.create({ ...current, source: current.source as (typeof STAFF_LEAD_SOURCES)[number] }, idempotency.key);
    onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={lead ? 'Edit lead' : 'New lead'}>
      <Stack gap="md">
        {!lead && (
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Radio.Group label="How they came in" withAsterisk {...form.selectProps('source')}>
                <Group mt={4}>
                  {STAFF_LEAD_SOURCES.map((source) => (
                    <Radio key={source} value={source} label={LEAD_SOURCE_LABELS[source]} />
                  ))}
                </Group>
              </Radio.Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SearchableSelect
                label="Assignee"
                entity="team member"
                options={activeMembers(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
                {...form.selectProps('assigneeUserId')}
              />
            </Grid.Col>
          </Grid>
        )}
        <Radio.Group label="Person or company" {...form.selectProps('leadType')}>
          <Group mt={4}>
            <Radio value="individual" label="Person" />
            <Radio value="company" label="Company" />
          </Group>
        </Radio.Group>
        <Grid gap="sm">
          {isCompany && (
            <Grid.Col span={12}>
              <TextInput label="Company name" withAsterisk maxLength={160} {...form.inputProps('companyName')} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={isCompany ? 'Contact’s first name' : 'First name'}
              maxLength={80}
              data-autofocus
              {...form.inputProps('firstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={isCompany ? 'Contact’s last name' : 'Last name'} maxLength={80} {...form.inputProps('lastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" type="email" maxLength={254} {...form.inputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Phone" type="tel" maxLength={40} {...form.inputProps('phone')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Address" rows={2} maxLength={300} {...form.inputProps('address')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="City" maxLength={80} {...form.inputProps('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="State" maxLength={80} {...form.inputProps('state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Country" maxLength={80} {...form.inputProps('country')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Postal code" maxLength={20} {...form.inputProps('postalCode')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Matter description" rows={3} maxLength={5000} {...form.inputProps('matterDescription')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SearchableSelect
              label="Practice area"
              entity="practice area"
              options={[
                { value: '', label: 'Not decided' },
                ...(practiceAreas.data ?? []).map((area) => ({ value: area.id, label: area.name })),
              ]}
              {...form.selectProps('practiceAreaId')}
            />
          </Grid.Col>
          {(lead || values.source === 'referral') && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Referred by"
                withAsterisk={values.source === 'referral'}
                maxLength={160}
                {...form.inputProps('referrerName')}
              />
            </Grid.Col>
          )}
        </Grid>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={500} size="sm">
            Opposing parties
          </Text>
          {parties.length === 0 && (
            <Text size="sm" c="dimmed">
              None yet. The conflict check searches them with the lead’s names.
            </Text>
          )}
          {parties.map((party, index) => (
            <Group key={index} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={`Opposing party ${index + 1}`}
                maxLength={160}
                style={{ flex: '1 1 14rem' }}
                {...form.inputProps(`opposingParties.${index}.name`)}
              />
              <Radio.Group
                label={`Party ${index + 1} is a`}
                value={party.partyType}
                onChange={(partyType) => form.setValue(`opposingParties.${index}.partyType`, partyType as 'individual' | 'company')}
              >
                <Group gap="xs" mt={4} wrap="nowrap">
                  <Radio value="individual" label="Person" />
                  <Radio value="company" label="Company" />
                </Group>
              </Radio.Group>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove opposing party ${index + 1}`}
                onClick={() =>
                  form.setValue(
                    'opposingParties',
                    parties.filter((_party, other) => other !== index),
                  )
                }
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            style={{ alignSelf: 'flex-start' }}
            disabled={parties.length >= 20}
            onClick={() => form.setValue('opposingParties', [...parties, { name: '', partyType: 'individual' }])}
          >
            Add opposing party
          </Button>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton isSubmitting={form.isSubmitting}>{lead ? 'Save changes' : 'Save lead'}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
