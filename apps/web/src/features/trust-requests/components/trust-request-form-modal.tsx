import { InputBase, SimpleGrid, Stack } from '@mantine/core';
import { createTrustRequestSchema, TRUST_REQUEST_MESSAGES, type TrustRequest } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useReportChanges } from '../../../lib/forms/modal-changes.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { clientMattersQuery } from '../../../lib/lookups/client-matters.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { createTrustRequest, trustRequestKeys, updateTrustRequest, useTrustAccounts } from '../api/trust-requests-api.ts';

export const TRUST_REQUEST_FORM_TEXT = {
  newTitle: 'New trust request',
  editTitle: 'Edit trust request',
  save: 'Save draft',
} as const;

/** The user's today, ISO: the picker offers no earlier day (the server checks against the firm's today). */
const localTodayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

type FormValues = { trustAccountId: string; clientId: string; matterId: string; amount: string; dueDate: string; note: string };

export type TrustRequestFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The draft being edited; null drafts a new one. */
  request: TrustRequest | null;
  /** Fixed by the page it is opened from (a trust account's page, a client's tab). */
  trustAccountId?: string;
  clientId?: string;
  /** With clientId: a matter's tab. */
  matterId?: string;
  onSaved: (request: TrustRequest) => void;
};

type Fixed = { trustAccountId?: string | undefined; clientId?: string | undefined; matterId?: string | undefined };

const valuesOf = (request: TrustRequest | null, fixed: Fixed): FormValues => ({
  trustAccountId: request?.trustAccountId ?? fixed.trustAccountId ?? '',
  clientId: request?.clientId ?? fixed.clientId ?? '',
  matterId: request ? (request.matterId ?? '') : (fixed.matterId ?? ''),
  amount: request?.amount ?? '',
  dueDate: request?.dueDate ?? '',
  note: request?.note ?? '',
});

export function TrustRequestForm({
  request,
  trustAccountId,
  clientId,
  matterId,
  onSaved,
}: Omit<TrustRequestFormModalProps, 'opened' | 'onClose'>) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const form = useSchemaForm(createTrustRequestSchema, valuesOf(request, { trustAccountId, clientId, matterId }));
  const { values, setValue, touch } = form;
  // The modal it sits in asks "Discard changes?" before closing over typing.
  useReportChanges(form.isDirty);
  const [dateText, setDateText] = useState(() => isoDateToMonthDayYear(values.dueDate));
  const accounts = useTrustAccounts(trustAccountId === undefined || request !== null);
  const clients = useQuery(associatedClientsQuery);
  const matters = useQuery(clientMattersQuery(values.clientId));

  const accountOptions = (accounts.data ?? [])
    .filter((account) => account.isActive || account.id === values.trustAccountId)
    .map((account) => ({ value: account.id, label: `${account.name} (${account.bankName} ${account.accountNumberMasked})` }));
  if (request && !accountOptions.some((option) => option.value === request.trustAccountId))
    accountOptions.push({ value: request.trustAccountId, label: request.trustAccountName });
  // A firm with one open trust account has nothing to choose (and choosing it is no change to discard).
  const onlyAccountId = accountOptions.length === 1 ? accountOptions[0]!.value : null;
  useEffect(() => {
    if (onlyAccountId && values.trustAccountId === '') form.setInitialValue('trustAccountId', onlyAccountId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the accounts arrive
  }, [onlyAccountId]);
  const people = clients.data?.people ?? [];
  const companies = clients.data?.companies ?? [];
  const isClientListed = people.some((p) => p.userId === values.clientId) || companies.some((c) => c.companyId === values.clientId);
  const extraPeople =
    request && !isClientListed && request.clientId === values.clientId ? [{ userId: request.clientId, name: request.clientName }] : [];
  const matterOptions = (matters.data ?? []).map((matter) => ({
    value: matter.id,
    label: matterOptionLabel(matter),
  }));

  const today = localTodayIso();
  const isDueInPast = values.dueDate !== '' && values.dueDate < today;
  const submit = form.onSubmit(async (data) => {
    if (data.dueDate < today) return;
    const saved = request ? await updateTrustRequest(request.id, data) : await createTrustRequest(data, idempotency.key);
    await queryClient.invalidateQueries({ queryKey: trustRequestKeys.all });
    onSaved(saved);
  });

  const isAccountFixed = trustAccountId !== undefined && request === null;
  const isClientFixed = clientId !== undefined && request === null;
  const isMatterFixed = isClientFixed && matterId !== undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={request ? TRUST_REQUEST_FORM_TEXT.editTitle : TRUST_REQUEST_FORM_TEXT.newTitle}>
      <Stack gap="sm">
        {!isAccountFixed && (
          <SearchableSelect
            label="Trust account"
            withAsterisk
            entity="trust account"
            placeholder="Select trust account"
            options={accountOptions}
            {...form.selectProps('trustAccountId')}
          />
        )}
        {!isClientFixed && (
          <ClientSelect
            label="Client"
            withAsterisk
            people={[...people, ...extraPeople]}
            companies={companies}
            value={values.clientId}
            onChange={(next) => {
              touch('clientId');
              if (next === values.clientId) return;
              setValue('clientId', next);
              setValue('matterId', '');
            }}
            onBlur={() => touch('clientId')}
            error={form.errorFor('clientId')}
          />
        )}
        {!isMatterFixed && (
          <SearchableSelect
            label="Matter"
            entity="matter"
            placeholder={values.clientId ? 'Any matter of the client' : 'Choose a client first'}
            disabled={values.clientId === ''}
            options={matterOptions}
            {...form.selectProps('matterId')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <MoneyInput
            label="Amount"
            withAsterisk
            value={values.amount}
            onChange={(amount) => setValue('amount', amount)}
            onBlur={() => touch('amount')}
            error={form.errorFor('amount')}
          />
          <DatePickerField
            label="Due date"
            withAsterisk
            value={dateText}
            onChange={(monthDayYear) => {
              setDateText(monthDayYear);
              setValue('dueDate', monthDayYearToIsoDate(monthDayYear) ?? '');
            }}
            onBlur={() => touch('dueDate')}
            minDate={today}
            error={form.errorFor('dueDate') ?? (isDueInPast ? TRUST_REQUEST_MESSAGES.dueDateInPast : undefined)}
          />
        </SimpleGrid>
        <InputBase component="textarea" multiline rows={3} label="Note to the client" {...form.inputProps('note')} />
        <SubmitButton isSubmitting={form.isSubmitting}>{TRUST_REQUEST_FORM_TEXT.save}</SubmitButton>
      </Stack>
    </form>
  );
}

/** The "New trust request" (and edit draft) form, in a modal that asks before closing over typing. */
export function TrustRequestFormModal({ opened, onClose, request, ...rest }: TrustRequestFormModalProps) {
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={request ? `${TRUST_REQUEST_FORM_TEXT.editTitle} ${request.requestNumber}` : TRUST_REQUEST_FORM_TEXT.newTitle}
      size="lg"
    >
      {opened && <TrustRequestForm key={request?.id ?? 'new'} request={request} {...rest} />}
    </GuardedModal>
  );
}
