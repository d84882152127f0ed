import { NativeSelect, Stack, TextInput } from '@mantine/core';
import {
  isoToDisplayDate,
  LEDES_CLASSIFICATION_LABELS,
  LEDES_CLASSIFICATIONS,
  updateMemberSchema,
  type Role,
  type TeamMember,
} from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { updateMember } from '../api/update-member.ts';

type EditMemberModalProps = {
  member: TeamMember | null;
  onClose: () => void;
  roles: Role[];
  currencySymbol: string;
  onSaved: () => void;
};

function EditMemberForm({ member, roles, currencySymbol, onClose, onSaved }: EditMemberModalProps & { member: TeamMember }) {
  const form = useSchemaForm(updateMemberSchema, {
    name: member.name,
    roleId: member.roleId,
    defaultHourlyRate: member.defaultHourlyRate ?? '',
    ledesClassification: member.ledesClassification,
    costRate: member.costRate ?? '',
    costRateFrom: undefined as string | undefined,
    availableHoursPerDay: member.availableHoursPerDay ?? '',
  });
  const submit = form.onSubmit(async (data) => {
    await updateMember(member.id, data);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.inputProps('name')} />
        <SearchableSelect
          label="Role"
          entity="role"
          placeholder="Select role"
          withAsterisk
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
          {...form.selectProps('roleId')}
        />
        <MoneyInput
          label="Default hourly rate"
          description="Suggested for this member's time entries; a matter's own rate wins."
          leftSection={currencySymbol || undefined}
          value={form.values.defaultHourlyRate}
          onChange={(value) => form.setValue('defaultHourlyRate', value)}
          onBlur={() => form.touch('defaultHourlyRate')}
          error={form.errorFor('defaultHourlyRate')}
        />
        <NativeSelect
          label="LEDES classification"
          description={`Timekeeper ${member.timekeeperCode} on LEDES invoices; required before an invoice with this member's time is exported.`}
          data={[
            { value: '', label: 'Not set' },
            ...LEDES_CLASSIFICATIONS.map((code) => ({ value: code, label: `${LEDES_CLASSIFICATION_LABELS[code]} (${code})` })),
          ]}
          value={form.values.ledesClassification ?? ''}
          onChange={(event) =>
            form.setValue('ledesClassification', (event.currentTarget.value || null) as TeamMember['ledesClassification'])
          }
          error={form.errorFor('ledesClassification')}
        />
        <MoneyInput
          label="Cost rate"
          description={
            "What an hour of this member's time costs the firm: the matter profitability report's cost of time." +
            (member.costRateFrom ? ` Today's rate applies to time worked from ${isoToDisplayDate(member.costRateFrom)}.` : '')
          }
          leftSection={currencySymbol || undefined}
          {...form.valueProps('costRate')}
        />
        <DatePickerField
          label="Rate applies to time worked from"
          description="The first day of work the cost rate is for; that day's and later time is costed again. Earlier time keeps its own day's rate. Blank: today."
          value={form.values.costRateFrom ? isoDateToMonthDayYear(form.values.costRateFrom) : ''}
          onChange={(monthDayYear) => form.setValue('costRateFrom', monthDayYearToIsoDate(monthDayYear) ?? undefined)}
          onBlur={() => form.touch('costRateFrom')}
          error={form.errorFor('costRateFrom')}
        />
        <TextInput
          label="Available hours per day"
          description="Hours this member can work on a working day, for the utilisation report. Blank: the firm's."
          inputMode="decimal"
          {...form.inputProps('availableHoursPerDay')}
        />
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
          Save changes
        </SubmitButton>
      </Stack>
    </form>
  );
}

export function EditMemberModal(props: EditMemberModalProps) {
  const { member, onClose } = props;
  return (
    <AppModal opened={member !== null} onClose={onClose} title={member ? `Edit ${member.name}` : 'Edit member'}>
      {member && <EditMemberForm key={member.id} {...props} member={member} />}
    </AppModal>
  );
}
