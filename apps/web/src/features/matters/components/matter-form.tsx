import { Button, Grid, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { MATTER_RATES, type MatterRate, matterConflictNames, matterInputSchema } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField, INVALID_DATE_MESSAGE } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, isValidDisplayDate, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useConflictGate } from '../../../components/conflict-gate/use-conflict-gate.ts';
import { customFieldsQuery } from '../../../lib/lookups/custom-fields.ts';
import { createMatter, updateMatter } from '../api/save-matter.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { practiceAreasQuery } from '../../../lib/lookups/practice-areas.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { customFieldErrors, matterInputFrom, type MatterFormValues } from '../utils/matter-form-values.ts';
import { CustomFieldInputs } from './custom-field-inputs.tsx';
import { FeeEarnerRows } from './fee-earner-rows.tsx';
import { PartyRows } from './party-rows.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';

// The conflict-check results load when a save finds possible conflicts, not with the form.
const ConflictGateModal = lazy(async () => ({
  default: (await import('../../../components/conflict-gate/conflict-gate-modal.tsx')).ConflictGateModal,
}));

export type MatterFormProps = {
  initialValues: MatterFormValues;
  /** Set when editing: the matter is updated instead of created. */
  matterId?: string;
  /** Names already saved on the matter; an edit only checks the new ones for conflicts. */
  knownNames?: string[];
  currencySymbol: string;
  cancelTo: string;
  onSaved: (matterId: string) => void;
};

export function MatterForm({ initialValues, matterId, knownNames = [], currencySymbol, cancelTo, onSaved }: MatterFormProps) {
  const form = useSchemaForm(matterInputSchema, initialValues);
  const clients = useQuery(associatedClientsQuery);
  const team = useQuery({ ...teamMembersQuery, select: activeMembers });
  const practiceAreas = useQuery(practiceAreasQuery);
  const customFields = useQuery(customFieldsQuery('matter'));
  const [openDateText, setOpenDateText] = useState(() => isoDateToMonthDayYear(initialValues.matterOpenDate ?? ''));
  // Typed text that is no date leaves the form's value empty: it must stop the save, not save today instead.
  const [isOpenDateWrong, setIsOpenDateWrong] = useState(false);
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const [touchedSections, setTouchedSections] = useState({ assignees: false, parties: false, customFields: false });
  const conflictGate = useConflictGate('matter');
  // A created matter is never created twice: a second submit (or a retry after a later failure)
  // goes to the matter already made.
  const createdMatterId = useRef<string | null>(null);

  const { values } = form;
  // Leaving the page over unsaved typing asks first; the save's own navigation does not.
  const unsaved = useUnsavedChangesGuard(form.isDirty);
  const fieldErrors = customFieldErrors(customFields.data ?? [], values.customFields, form.issueAt);
  const touchSection = (section: keyof typeof touchedSections) => setTouchedSections((previous) => ({ ...previous, [section]: true }));

  const idempotency = useIdempotencyKey();
  const save = form.onSubmit(async () => {
    if (Object.keys(fieldErrors).length > 0 || isOpenDateWrong) return;
    await unsaved.whileSaving(async () => {
      if (createdMatterId.current) {
        onSaved(createdMatterId.current);
        return;
      }
      // What the inputs hold now: rows added or removed since the last render included.
      const values = form.getValues();
      await conflictGate.checkThenSave(matterConflictNames(values, knownNames), async (conflictCheckId) => {
        const body = matterInputFrom(values, conflictCheckId);
        if (matterId) {
          await updateMatter(matterId, body);
          onSaved(matterId);
        } else {
          createdMatterId.current = await createMatter(body, idempotency.key);
          onSaved(createdMatterId.current);
        }
      });
    });
  });

  const submit = (event: FormEvent) => {
    setTouchedSections({ assignees: true, parties: true, customFields: true });
    setHasTriedSave(true);
    void save(event);
  };

  const selectProps = (name: 'clientId' | 'matterRate') => ({
    value: values[name],
    onBlur: () => form.touch(name),
    error: form.errorFor(name),
  });

  return (
    <>
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={matterId ? 'Edit matter' : 'New matter'}
      >
        <Stack gap="lg">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ClientSelect
                label="Client"
                withAsterisk
                placeholder={clients.isPending ? 'Loading clients…' : 'Select client'}
                people={clients.data?.people ?? []}
                companies={clients.data?.companies ?? []}
                addLink={{ label: 'Add new client', to: '/clients/add-new-client' }}
                {...selectProps('clientId')}
                onChange={(clientId) => {
                  form.setValue('clientId', clientId);
                  form.touch('clientId');
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Matter name" withAsterisk maxLength={200} {...form.inputProps('matterName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SearchableSelect
                label="Billing type"
                withAsterisk
                placeholder="Select billing type"
                entity="billing type"
                options={MATTER_RATES.map((rate) => ({ value: rate, label: rate }))}
                {...selectProps('matterRate')}
                onChange={(rate) => {
                  form.setValue('matterRate', rate as MatterRate);
                  form.touch('matterRate');
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              {values.matterRate === 'Flat Rate' && (
                <MoneyInput
                  label="Flat rate"
                  withAsterisk
                  leftSection={currencySymbol || undefined}
                  value={values.flatRate}
                  onChange={(flatRate) => form.setValue('flatRate', flatRate)}
                  onBlur={() => form.touch('flatRate')}
                  error={form.errorFor('flatRate')}
                />
              )}
              {values.matterRate === 'Contingency' && (
                <TextInput
                  label="Contingency percentage"
                  withAsterisk
                  inputMode="decimal"
                  rightSection="%"
                  {...form.inputProps('contingencyPercentage')}
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MoneyInput
                label="Matter hourly rate"
                description="Billed when an assigned fee earner has no rate of their own."
                leftSection={currencySymbol || undefined}
                value={values.hourlyRate}
                onChange={(hourlyRate) => form.setValue('hourlyRate', hourlyRate)}
                onBlur={() => form.touch('hourlyRate')}
                error={form.errorFor('hourlyRate')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <DatePickerField
                label="Open date"
                value={openDateText}
                onChange={(monthDayYear) => {
                  setOpenDateText(monthDayYear);
                  form.setValue('matterOpenDate', monthDayYearToIsoDate(monthDayYear) ?? undefined);
                }}
                onTextChange={(text) => setIsOpenDateWrong(text.trim() !== '' && !isValidDisplayDate(text))}
                onBlur={() => form.touch('matterOpenDate')}
                error={form.errorFor('matterOpenDate') ?? (hasTriedSave && isOpenDateWrong ? INVALID_DATE_MESSAGE : undefined)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MultiSelect
                label="Practice areas"
                entity="practice area"
                options={(practiceAreas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
                value={values.practiceAreaIds}
                onChange={(ids) => form.setValue('practiceAreaIds', ids)}
                onBlur={() => form.touch('practiceAreaIds')}
                error={form.errorFor('practiceAreaIds')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Shelf location" maxLength={120} {...form.inputProps('shelfLocation')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Client's matter reference"
                description="The number the client's legal department uses for this matter (on LEDES invoices)"
                maxLength={20}
                {...form.inputProps('clientMatterReference')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Description" rows={3} maxLength={5000} {...form.inputProps('description')} />
            </Grid.Col>
          </Grid>

          <FeeEarnerRows
            form={form}
            members={team.data ?? []}
            onBlur={() => touchSection('assignees')}
            showErrors={touchedSections.assignees}
            currencySymbol={currencySymbol}
          />
          <PartyRows form={form} onBlur={() => touchSection('parties')} showErrors={touchedSections.parties} />
          <CustomFieldInputs
            fields={customFields.data ?? []}
            values={values.customFields}
            onChange={(next) => form.setValue('customFields', next)}
            onBlur={() => touchSection('customFields')}
            errors={touchedSections.customFields ? fieldErrors : {}}
          />

          <Group justify="flex-end">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <SubmitButton isSubmitting={form.isSubmitting}>Save matter</SubmitButton>
          </Group>
        </Stack>
      </Paper>
      <OnceOpened isOpen={conflictGate.modalProps.result !== null}>
        <ConflictGateModal key={conflictGate.modalProps.result?.conflictCheckId ?? 'none'} {...conflictGate.modalProps} />
      </OnceOpened>
      {unsaved.prompt}
    </>
  );
}
