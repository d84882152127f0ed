import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { matterBudgetInputSchema, type MatterBudget } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { saveMatterBudget } from '../api/matter-budget.ts';

export type MatterBudgetModalProps = {
  matterId: string;
  budget: MatterBudget;
  defaultResponsibleUserId: string;
  onClose: () => void;
  onSaved: (saved: MatterBudget) => void;
};

/** Sets or changes a matter's budget; "Remove budget" saves every limit empty. Closing over changes asks first. */
export function MatterBudgetModal({ matterId, budget, defaultResponsibleUserId, onClose, onSaved }: MatterBudgetModalProps) {
  const members = useQuery({ ...teamMembersQuery, select: activeMembers });
  const current = budget.budget;
  const form = useSchemaForm(matterBudgetInputSchema, {
    totalAmount: current?.totalAmount ?? '',
    hoursLimit: current?.hoursLimit ?? '',
    feesLimit: current?.feesLimit ?? '',
    expensesLimit: current?.expensesLimit ?? '',
    responsibleUserId: current?.responsibleUserId ?? defaultResponsibleUserId,
  });
  const save = form.onSubmit(async (data) => onSaved(await saveMatterBudget(matterId, data)));
  const remove = async () => {
    try {
      const responsibleUserId = form.getValues().responsibleUserId || defaultResponsibleUserId;
      onSaved(
        await saveMatterBudget(matterId, { totalAmount: null, hoursLimit: null, feesLimit: null, expensesLimit: null, responsibleUserId }),
      );
    } catch {
      // The API client has already shown the error.
    }
  };
  const currency = budget.currencyCode;

  return (
    <GuardedModal opened onClose={onClose} title={current ? 'Edit budget' : 'Set budget'} hasChanges={() => form.isDirty}>
      {(requestClose) => (
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <Text size="sm">Set any of the limits; leave the others empty. Amounts are in {currency}.</Text>
            <MoneyInput label={`Total budget (${currency})`} description="Fees and expenses together" {...form.valueProps('totalAmount')} />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <TextInput label="Hours" inputMode="decimal" {...form.inputProps('hoursLimit')} />
              <MoneyInput label={`Fees (${currency})`} {...form.valueProps('feesLimit')} />
              <MoneyInput label={`Expenses (${currency})`} {...form.valueProps('expensesLimit')} />
            </SimpleGrid>
            <Select
              label="Responsible fee earner"
              description="Emailed once when a limit reaches 80%, and once at 100%."
              withAsterisk
              searchable
              allowDeselect={false}
              data={(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
              nothingFoundMessage="No team member found."
              {...form.selectProps('responsibleUserId')}
            />
            <Group justify="space-between" mt="sm">
              {current ? (
                <Button variant="subtle" color="red" onClick={() => void remove()}>
                  Remove budget
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={requestClose}>
                  Cancel
                </Button>
                <SubmitButton isSubmitting={form.isSubmitting}>Save budget</SubmitButton>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
