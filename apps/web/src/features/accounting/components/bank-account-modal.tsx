import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { bankAccountInputSchema, type BankAccount } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { createBankAccount, updateBankAccount } from '../api/accounting-api.ts';

/** null: closed; { account: null }: adding; { account }: editing it. */
export type BankAccountEditor = { account: BankAccount | null } | null;

type Values = { name: string; bankName: string; accountNumber: string; currencyCode: string; isDefault: boolean };

function BankAccountForm({ account, onClose, onSaved }: { account: BankAccount | null; onClose: () => void; onSaved: () => void }) {
  const currencies = useQuery(currenciesQuery);
  const form = useSchemaForm(bankAccountInputSchema, {
    name: account?.name ?? '',
    bankName: account?.bankName ?? '',
    accountNumber: '',
    currencyCode: account?.currencyCode ?? 'NGN',
    isDefault: account?.isDefault ?? false,
  } satisfies Values);
  const submit = form.onSubmit(async (data) => {
    if (account)
      await updateBankAccount(account.id, {
        name: data.name,
        bankName: data.bankName,
        accountNumber: data.accountNumber,
        isDefault: data.isDefault,
        isActive: account.isActive,
      });
    else await createBankAccount(data);
    onSaved();
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="What the firm calls it, e.g. USD domiciliary"
          withAsterisk
          data-autofocus
          {...form.inputProps('name')}
        />
        <TextInput label="Bank" withAsterisk {...form.inputProps('bankName')} />
        <TextInput
          label="Account number"
          description={
            account?.maskedAccountNumber
              ? `Now ${account.maskedAccountNumber}; leave blank to keep it. Only the last 4 digits are kept.`
              : 'Only the last 4 digits are kept.'
          }
          inputMode="numeric"
          autoComplete="off"
          {...form.inputProps('accountNumber')}
        />
        <Select
          label="Currency"
          withAsterisk
          searchable
          disabled={account !== null}
          description={account ? 'An account keeps its currency: its postings are in it.' : undefined}
          data={(currencies.data ?? []).map((currency) => ({
            value: currency.isoCurrenyCode,
            label: `${currency.isoCurrenyCode} — ${currency.currencyName}`,
          }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.selectProps('currencyCode')}
        />
        <Checkbox
          label="Default for its currency"
          description="Payments and expenses in its currency go here when no account is chosen."
          checked={form.values.isDefault}
          onChange={(event) => form.setValue('isDefault', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton type="submit" isSubmitting={form.isSubmitting}>
            {account ? 'Save bank account' : 'Add bank account'}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

export function BankAccountModal({ editor, onClose, onSaved }: { editor: BankAccountEditor; onClose: () => void; onSaved: () => void }) {
  return (
    <AppModal opened={editor !== null} onClose={onClose} title={editor?.account ? `Edit ${editor.account.name}` : 'Add bank account'}>
      {editor && <BankAccountForm key={editor.account?.id ?? 'new'} account={editor.account} onClose={onClose} onSaved={onSaved} />}
    </AppModal>
  );
}
