import { Button, Grid, Group, Paper, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import type { Court, CourtUpdate } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MultiSelect } from '../../../components/multi-select.tsx';
import type { SelectOption } from '../../../components/select-options.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { offlineWrites } from '../../../lib/offline/offline-writes.ts';
import { sendOrKeep } from '../../../lib/offline/send-offline-writes.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useWritingClock } from '../../../lib/work/writing-clock.ts';
import { CREATE_COURT_UPDATE_PATH, createCourtUpdate, updateCourtUpdate } from '../api/court-update.ts';
import { courtUpdateFormSchema, courtUpdateInputFrom, type CourtUpdateFormValues } from '../utils/court-update-form-values.ts';
import { CourtSelectField } from './court-select-field.tsx';
import { DateField } from './date-field.tsx';
import { ClientThenMatterFields } from '../../../components/client-then-matter-fields.tsx';
import { NextHearingFields } from './next-hearing-fields.tsx';

// Loaded when "Add court" is first pressed: the form's pages are at their JavaScript budget.
const AddCourtModal = lazy(async () => ({ default: (await import('./add-court-modal.tsx')).AddCourtModal }));

export type CourtUpdateFormProps = {
  initialValues: CourtUpdateFormValues;
  /** The update being edited: it is updated instead of created, and keeps its own choices in the lists. */
  update?: CourtUpdate;
  cancelTo: string;
  onSaved: (update: CourtUpdate) => void;
  /** A new update written with no connection: kept on the device, waiting to send (issue 46). */
  onKept?: () => void;
  /** The kept write this form was opened on (Edit): the save replaces it. */
  replacesOfflineWrite?: string;
};

/**
 * The add and edit form of a court update (issue 17): matter, court, suit number, judge, hearing
 * date, who appeared, what happened, the next adjourned date with its time and purpose, next
 * steps, and whether the client sees it.
 */
export function CourtUpdateForm({ initialValues, update, cancelTo, onSaved, onKept, replacesOfflineWrite }: CourtUpdateFormProps) {
  const { profile } = useSession();
  const form = useSchemaForm(courtUpdateFormSchema, initialValues);
  const { values } = form;
  const members = useQuery(teamMembersQuery);
  const idempotency = useIdempotencyKey();
  // A created update is never created twice: a second submit goes to the update already made.
  const created = useRef<CourtUpdate | null>(null);
  const writing = useWritingClock();
  const [isAddingCourt, setIsAddingCourt] = useState(false);
  const [addedCourt, setAddedCourt] = useState<Court | null>(null);

  const memberOptions: SelectOption[] = (members.data ?? [])
    .filter((member) => member.isActive || values.appearanceUserIds.includes(member.id))
    .map((member) => ({ value: member.id, label: member.name }));
  for (const appearance of update?.appearances ?? []) {
    if (!memberOptions.some((option) => option.value === appearance.userId))
      memberOptions.push({ value: appearance.userId, label: appearance.name });
  }

  const save = form.onSubmit(async () => {
    if (created.current) {
      onSaved(created.current);
      return;
    }
    const body = { ...courtUpdateInputFrom(form.getValues()), writingSeconds: writing.seconds() };
    if (update) {
      onSaved(await updateCourtUpdate(update.id, body));
    } else {
      const outcome = await sendOrKeep(
        {
          key: idempotency.key,
          kind: 'courtUpdate',
          ownerId: profile?.id,
          body,
          summary: `Court update: ${body.suitNumber}`,
          formValues: form.getValues(),
        },
        CREATE_COURT_UPDATE_PATH,
        () => createCourtUpdate(body, idempotency.key, { silent: true }),
      );
      if (replacesOfflineWrite) await offlineWrites.forget(replacesOfflineWrite);
      if (outcome.isKept) {
        onKept?.();
        return;
      }
      created.current = outcome.saved;
      onSaved(created.current);
    }
  });

  return (
    <>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        radius="md"
        component="form"
        onSubmit={(event: FormEvent) => void save(event)}
        noValidate
        aria-label={update ? 'Edit court update' : 'New court update'}
      >
        <Stack gap="lg">
          <Grid gap="md">
            <ClientThenMatterFields form={form} current={update} />
            <Grid.Col span={{ base: 12, md: 6 }}>
              <CourtSelectField
                {...form.selectProps('courtId')}
                onAddCourt={() => setIsAddingCourt(true)}
                extraCourts={[update ? { id: update.courtId, name: update.courtName, division: update.courtDivision } : null, addedCourt]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Suit number"
                withAsterisk
                maxLength={100}
                placeholder="e.g. FHC/L/CS/123/2024"
                {...form.inputProps('suitNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Judge" maxLength={200} {...form.inputProps('judge')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <DateField
                label="Hearing date"
                withAsterisk
                value={values.hearingDate}
                onChange={(iso) => form.setValue('hearingDate', iso)}
                onBlur={() => form.touch('hearingDate')}
                error={form.errorFor('hearingDate')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <MultiSelect
                label="Appearance"
                description="The fee earners who appeared"
                entity="team member"
                options={memberOptions}
                value={values.appearanceUserIds}
                onChange={(ids) => form.setValue('appearanceUserIds', ids)}
                onBlur={() => form.touch('appearanceUserIds')}
                error={form.errorFor('appearanceUserIds')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="What happened" withAsterisk rows={5} maxLength={20_000} {...form.inputProps('outcome')} />
            </Grid.Col>
          </Grid>
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={2} size="h4" component="legend">
              Next hearing
            </Title>
            <Grid gap="md">
              <NextHearingFields form={form} />
            </Grid>
          </Stack>
          <Switch
            label="Share with client"
            description="Shown to the client in the portal"
            checked={values.isSharedWithClient}
            onChange={(event) => form.setValue('isSharedWithClient', event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <SubmitButton isSubmitting={form.isSubmitting}>{update ? 'Save changes' : 'Save court update'}</SubmitButton>
          </Group>
        </Stack>
      </Paper>
      {/* Outside the <form>: a form may not hold another, even through a portal. */}
      {isAddingCourt && (
        <Suspense fallback={null}>
          <AddCourtModal
            opened
            onClose={() => setIsAddingCourt(false)}
            onCreated={(court) => {
              setAddedCourt(court);
              form.setValue('courtId', court.id);
              form.touch('courtId');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
