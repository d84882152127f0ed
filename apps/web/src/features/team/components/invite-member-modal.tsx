import { Stack, TextInput } from '@mantine/core';
import { inviteMemberSchema, type Role } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { inviteMember } from '../api/invite-member.ts';

type InviteMemberModalProps = {
  opened: boolean;
  onClose: () => void;
  roles: Role[];
  onInvited: () => void;
};

function InviteMemberForm({ roles, onClose, onInvited }: Omit<InviteMemberModalProps, 'opened'>) {
  const form = useSchemaForm(inviteMemberSchema, { email: '', roleId: '' });
  const submit = form.onSubmit(async (data) => {
    await inviteMember(data);
    onInvited();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" data-autofocus {...form.inputProps('email')} />
        <SearchableSelect
          label="Role"
          entity="role"
          placeholder="Select role"
          withAsterisk
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
          {...form.selectProps('roleId')}
        />
        <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
          Send invitation
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** Invites by email; the invitee accepts through /join-team/[id]. */
export function InviteMemberModal({ opened, ...rest }: InviteMemberModalProps) {
  return (
    <AppModal opened={opened} onClose={rest.onClose} title="Invite member">
      {opened && <InviteMemberForm {...rest} />}
    </AppModal>
  );
}
