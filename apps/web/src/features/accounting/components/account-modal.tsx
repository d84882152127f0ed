import { Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { ACCOUNT_TYPE_LABELS, accountInputSchema, LEDGER_ACCOUNT_TYPES, type LedgerAccount } from '@matterhorn/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { createAccount, updateAccount } from '../api/accounting-api.ts';

/** null: closed; { account: null }: adding; { account }: editing it. */
export type AccountEditor = { account: LedgerAccount | null } | null;

type Values = {
  number: string;
  name: string;
  type: (typeof LEDGER_ACCOUNT_TYPES)[number];
  parentId: string;
  description: string;
  isActive: boolean;
};

const TYPE_OPTIONS = LEDGER_ACCOUNT_TYPES.map((type) => ({
  value: type,
  label: ACCOUNT_TYPE_LABELS[type].replace(/s$/, '').replace(/ie$/, 'y'),
}));

function AccountForm({
  account,
  accounts,
  onClose,
  onSaved,
}: {
  account: LedgerAccount | null;
  accounts: LedgerAccount[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(accountInputSchema, {
    number: account?.number ?? '',
    name: account?.name ?? '',
    type: account?.type ?? 'expense',
    parentId: account?.parentId ?? '',
    description: account?.description ?? '',
    isActive: account?.isActive ?? true,
  } satisfies Values);
  const parents = accounts
    .filter((candidate) => candidate.parentId === null && candidate.id !== account?.id && candidate.type === form.values.type)
    .map((candidate) => ({ value: candidate.id, label: `${candidate.number} ${candidate.name}` }));
  const isSystem = account?.isSystem ?? false;
  const submit = form.onSubmit(async (data) => {
    if (account) await updateAccount(account.id, data);
    else await createAccount(data);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Account number"
          description="4 digits"
          withAsterisk
          data-autofocus
          inputMode="numeric"
          maxLength={4}
          {...form.inputProps('number')}
        />
        <TextInput label="Account name" withAsterisk {...form.inputProps('name')} />
        <Select
          label="Account type"
          withAsterisk
          data={TYPE_OPTIONS}
          allowDeselect={false}
          disabled={isSystem}
          description={isSystem ? 'A system account keeps its type: the modules post to it.' : undefined}
          {...form.selectProps('type')}
          onChange={(value) => {
            form.setValue('type', (value ?? 'expense') as Values['type']);
            form.setValue('parentId', '');
          }}
        />
        <Select
          label="Sub-account of"
          placeholder="None: a top-level account"
          clearable
          searchable
          data={parents}
          {...form.selectProps('parentId')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.inputProps('description')} />
        <Checkbox
          label="Active"
          description={isSystem ? 'A system account stays active.' : 'An inactive account takes no new journal entries; its history stays.'}
          disabled={isSystem}
          checked={form.values.isActive}
          onChange={(event) => form.setValue('isActive', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton type="submit" isSubmitting={form.isSubmitting}>
            {account ? 'Save account' : 'Add account'}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

export function AccountModal({
  editor,
  accounts,
  onClose,
  onSaved,
}: {
  editor: AccountEditor;
  accounts: LedgerAccount[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <AppModal opened={editor !== null} onClose={onClose} title={editor?.account ? `Edit account ${editor.account.number}` : 'Add account'}>
      {editor && (
        <AccountForm key={editor.account?.id ?? 'new'} account={editor.account} accounts={accounts} onClose={onClose} onSaved={onSaved} />
      )}
    </AppModal>
  );
}
