import { Stack, TextInput } from '@mantine/core';
import { activityTypeInputSchema, type ActivityType } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { createActivityType, updateActivityType } from '../api/activity-types.ts';
import { UTBMS_OPTIONS } from './utbms-codes.ts';

/** `activityType: null` adds a new one. */
export type ActivityTypeEditor = { activityType: ActivityType | null } | null;

type ActivityTypeModalProps = { editor: ActivityTypeEditor; onClose: () => void; onSaved: () => void };

function ActivityTypeForm({
  activityType,
  onClose,
  onSaved,
}: {
  activityType: ActivityType | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(activityTypeInputSchema, {
    activityType: activityType?.activityType ?? '',
    utbmsCode: (activityType?.utbmsCode ?? null) as string | null,
  });
  const submit = form.onSubmit(async (data) => {
    const body = { activityType: data.activityType, utbmsCode: data.utbmsCode ?? null };
    if (activityType) await updateActivityType(activityType.id, body);
    else await createActivityType(body);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Activity type" withAsterisk data-autofocus {...form.inputProps('activityType')} />
        <SearchableSelect
          label="UTBMS code"
          entity="code"
          placeholder="None"
          description="Optional: the ABA task-based billing code for LEDES invoices."
          options={UTBMS_OPTIONS}
          value={form.values.utbmsCode ?? ''}
          onChange={(value) => form.setValue('utbmsCode', value || null)}
          error={form.errorFor('utbmsCode')}
        />
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
          {activityType ? 'Save changes' : 'Add activity type'}
        </SubmitButton>
      </Stack>
    </form>
  );
}

export function ActivityTypeModal({ editor, onClose, onSaved }: ActivityTypeModalProps) {
  const activityType = editor?.activityType ?? null;
  return (
    <AppModal opened={editor !== null} onClose={onClose} title={activityType ? 'Edit activity type' : 'New activity type'}>
      {editor && <ActivityTypeForm key={activityType?.id ?? 'new'} activityType={activityType} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}
