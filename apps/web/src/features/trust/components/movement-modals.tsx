import { Checkbox, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import {
  compareMoney,
  depositSchema,
  disburseSchema,
  formatMoney,
  payInvoiceFromTrustSchema,
  refundSchema,
  transferSchema,
  TRUST_MESSAGES,
  TRUST_METHODS,
  type DisburseInput,
  type RefundInput,
  type TrustAccount,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientSelect } from '../../../components/client-select.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { associatedClientsQuery } from '../../../lib/lookups/associated-clients.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import {
  deposit,
  disburse,
  invoiceMattersQuery,
  payableInvoicesQuery,
  payInvoiceFromTrust,
  refund,
  refusalOf,
  transfer,
} from '../api/trust-api.ts';
import { openTrustRequestsQuery } from '../api/open-trust-requests.ts';
import { todayIso } from '../utils/trust-display.ts';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { IsoDateField } from './trust-fields.tsx';
import { ClientMatterFields, ledgerFieldProps, LedgerBalanceHint, MovementModal } from './trust-form-parts.tsx';

export type MovementKind = 'deposit' | 'disburse' | 'refund' | 'transfer' | 'pay-invoice';

export const MOVEMENT_TITLES: Record<MovementKind, string> = {
  deposit: 'Record deposit',
  disburse: 'Disburse from trust',
  refund: 'Refund to client',
  transfer: 'Transfer between ledgers',
  'pay-invoice': 'Pay invoice from trust',
};

type FormProps = { account: TrustAccount; onClose: () => void; onDone: () => void };

const METHOD_OPTIONS = TRUST_METHODS.map((method) => ({ value: method, label: method }));

/**
 * One submission at a time with one Idempotency-Key; a refusal is kept for the form to show, and
 * a new key is taken so the corrected form is a new request.
 */
function useMovementCall() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const run = async (call: (key: string) => Promise<unknown>) => {
    setRefusal(null);
    try {
      await call(idempotency.key);
    } catch (error) {
      setRefusal(refusalOf(error));
      if (error instanceof ApiError && error.status >= 400) idempotency.renew();
      throw error;
    }
  };
  return { refusal, run };
}

const NO_REQUEST = 'none';

function DepositForm({ account, onClose, onDone }: FormProps) {
  const form = useSchemaForm(depositSchema, {
    trustAccountId: account.id,
    clientId: '',
    matterId: '',
    amount: '',
    depositDate: todayIso(),
    method: 'Bank transfer',
    reference: '',
    payer: '',
    isCleared: true,
    trustRequestId: '',
  });
  const { values } = form;
  const { refusal, run } = useMovementCall();
  const requests = useQuery(openTrustRequestsQuery(account.id, values.clientId));
  const submit = form.onSubmit(async (data) => {
    await run((key) => deposit(data, key));
    onDone();
  });
  /** Against a request: its matter and what is still due, unless already typed. */
  const chooseRequest = (id: string) => {
    form.setValue('trustRequestId', id);
    const request = requests.data?.find((candidate) => candidate.id === id);
    if (!request) return;
    if (request.matterId) form.setValue('matterId', request.matterId);
    if (values.amount === '') form.setValue('amount', request.balanceDue);
  };
  return (
    <MovementModal
      opened
      title={MOVEMENT_TITLES.deposit}
      submitLabel="Record deposit"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      isSubmitting={form.isSubmitting}
      refusal={refusal}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ClientMatterFields {...ledgerFieldProps(form)} />
        <MoneyInput label={`Amount (${account.currencySymbol})`} withAsterisk {...form.valueProps('amount')} />
        <IsoDateField label="Deposit date" withAsterisk {...form.valueProps('depositDate')} />
        <SearchableSelect label="Method" entity="method" withAsterisk options={METHOD_OPTIONS} {...form.selectProps('method')} />
        <TextInput label="Reference" maxLength={120} {...form.inputProps('reference')} />
        <TextInput label="Payer" description="Leave blank when the client paid it in" maxLength={160} {...form.inputProps('payer')} />
        {(requests.data?.length ?? 0) > 0 && (
          <SearchableSelect
            label="Against trust request"
            entity="trust request"
            description="The request is settled by this deposit"
            options={[
              { value: NO_REQUEST, label: 'Not against a request' },
              ...(requests.data ?? []).map((request) => ({
                value: request.id,
                label: `${request.requestNumber} · ${formatMoney(request.balanceDue, request.currencySymbol)} due${request.matterNumber ? ` · ${request.matterNumber}` : ''}`,
              })),
            ]}
            value={values.trustRequestId || NO_REQUEST}
            onChange={(id) => chooseRequest(id === NO_REQUEST ? '' : id)}
          />
        )}
      </SimpleGrid>
      <Checkbox
        label="The funds have cleared"
        description="Uncleared funds (a cheque) cannot be paid out until marked cleared."
        checked={values.isCleared}
        onChange={(event) => form.setValue('isCleared', event.currentTarget.checked)}
      />
    </MovementModal>
  );
}

/** A disbursement to a third party, or a refund to the client: the same shape, different words. */
function PayOutForm({ account, onClose, onDone, kind }: FormProps & { kind: 'disburse' | 'refund' }) {
  const isRefund = kind === 'refund';
  const form = useSchemaForm(isRefund ? refundSchema : disburseSchema, {
    trustAccountId: account.id,
    clientId: '',
    matterId: '',
    amount: '',
    date: todayIso(),
    payee: '',
    purpose: '',
    method: 'Bank transfer',
    reference: '',
  });
  const { values } = form;
  const { refusal, run } = useMovementCall();
  const submit = form.onSubmit(async (data) => {
    // One form for both: the schema it was parsed with is the one its call takes.
    await run((key) => (isRefund ? refund(data as RefundInput, key) : disburse(data as DisburseInput, key)));
    onDone();
  });
  return (
    <MovementModal
      opened
      title={MOVEMENT_TITLES[kind]}
      submitLabel={isRefund ? 'Refund' : 'Disburse'}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      isSubmitting={form.isSubmitting}
      refusal={refusal}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ClientMatterFields {...ledgerFieldProps(form)} />
      </SimpleGrid>
      <LedgerBalanceHint trustAccountId={account.id} clientId={values.clientId} matterId={values.matterId} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MoneyInput label={`Amount (${account.currencySymbol})`} withAsterisk {...form.valueProps('amount')} />
        <IsoDateField label="Date" withAsterisk {...form.valueProps('date')} />
        <TextInput
          label="Payee"
          withAsterisk={!isRefund}
          description={isRefund ? 'Leave blank to pay the client' : undefined}
          maxLength={160}
          {...form.inputProps('payee')}
        />
        <SearchableSelect label="Method" entity="method" withAsterisk={isRefund} options={METHOD_OPTIONS} {...form.selectProps('method')} />
        <TextInput label="Reference" maxLength={120} {...form.inputProps('reference')} />
      </SimpleGrid>
      <Textarea
        label={isRefund ? 'Reason' : 'Purpose'}
        withAsterisk={!isRefund}
        maxLength={500}
        minRows={2}
        {...form.inputProps('purpose')}
      />
    </MovementModal>
  );
}

function TransferForm({ account, onClose, onDone }: FormProps) {
  const form = useSchemaForm(transferSchema, {
    trustAccountId: account.id,
    fromClientId: '',
    fromMatterId: '',
    toClientId: '',
    toMatterId: '',
    amount: '',
    date: todayIso(),
    reason: '',
    consentNote: '',
  });
  const { values } = form;
  const { refusal, run } = useMovementCall();
  const isBetweenClients = values.fromClientId !== '' && values.toClientId !== '' && values.fromClientId !== values.toClientId;
  const submit = form.onSubmit(async (data) => {
    await run((key) => transfer(data, key));
    onDone();
  });
  return (
    <MovementModal
      opened
      title={MOVEMENT_TITLES.transfer}
      submitLabel="Transfer"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      isSubmitting={form.isSubmitting}
      refusal={refusal}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ClientMatterFields
          clientLabel="From client"
          matterLabel="From matter"
          clientId={values.fromClientId}
          matterId={values.fromMatterId}
          onClientChange={(id) => {
            form.setValue('fromClientId', id);
            form.touch('fromClientId');
          }}
          onMatterChange={(id) => form.setValue('fromMatterId', id)}
          clientError={form.errorFor('fromClientId')}
          matterError={form.errorFor('fromMatterId')}
        />
      </SimpleGrid>
      <LedgerBalanceHint trustAccountId={account.id} clientId={values.fromClientId} matterId={values.fromMatterId} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ClientMatterFields
          clientLabel="To client"
          matterLabel="To matter"
          clientId={values.toClientId}
          matterId={values.toMatterId}
          onClientChange={(id) => {
            form.setValue('toClientId', id);
            form.touch('toClientId');
          }}
          onMatterChange={(id) => form.setValue('toMatterId', id)}
          clientError={form.errorFor('toClientId')}
          matterError={form.errorFor('toMatterId')}
        />
        <MoneyInput label={`Amount (${account.currencySymbol})`} withAsterisk {...form.valueProps('amount')} />
        <IsoDateField label="Date" withAsterisk {...form.valueProps('date')} />
      </SimpleGrid>
      <Textarea label="Reason" withAsterisk maxLength={500} minRows={2} {...form.inputProps('reason')} />
      <Textarea
        label="Both clients' consent"
        withAsterisk={isBetweenClients}
        description="Required between clients: how each consented (letters, emails, dates)."
        maxLength={1000}
        minRows={2}
        {...form.inputProps('consentNote')}
      />
    </MovementModal>
  );
}

/** The funds choice that means the client's general ledger (money not assigned to a matter). */
const GENERAL_FUNDS = 'general';
const CLIENT_GENERAL_FUNDS_LABEL = 'Client’s general funds (no matter)';

/**
 * Pays an invoice from the ledger shown: one of the invoice's own matters (its only one by default),
 * or the client's general funds chosen by name; the balance shown is that ledger's, and the call
 * names the same ledger, so what is shown is what is debited.
 */
function PayInvoiceForm({ account, onClose, onDone }: FormProps) {
  const [clientId, setClientId] = useState('');
  const [chosenFunds, setChosenFunds] = useState('');
  const [fundsError, setFundsError] = useState<string | null>(null);
  const clients = useQuery(associatedClientsQuery);
  const invoices = useQuery(payableInvoicesQuery(clientId));
  const form = useSchemaForm(payInvoiceFromTrustSchema, {
    trustAccountId: account.id,
    invoiceId: '',
    amount: '',
    date: todayIso(),
    matterId: '',
    fromGeneralFunds: false,
    reference: '',
  });
  const { values } = form;
  const invoiceMatters = useQuery(invoiceMattersQuery(values.invoiceId));
  const { refusal, run } = useMovementCall();
  const chosen = invoices.data?.find((invoice) => invoice.id === values.invoiceId);
  const overBalance = chosen && values.amount !== '' && compareMoney(values.amount, chosen.balanceDue) > 0;
  const matters = invoiceMatters.data ?? [];
  const funds = chosenFunds !== '' ? chosenFunds : matters.length === 1 ? matters[0]!.id : '';
  const isGeneral = funds === GENERAL_FUNDS;
  const submit = form.onSubmit(async (data) => {
    if (funds === '') {
      setFundsError(TRUST_MESSAGES.chooseInvoiceFunds);
      return;
    }
    await run((key) => payInvoiceFromTrust({ ...data, matterId: isGeneral ? null : funds, fromGeneralFunds: isGeneral }, key));
    onDone();
  });
  return (
    <MovementModal
      opened
      title={MOVEMENT_TITLES['pay-invoice']}
      submitLabel="Pay invoice"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      isSubmitting={form.isSubmitting}
      refusal={refusal}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ClientSelect
          label="Client"
          withAsterisk
          placeholder={clients.isPending ? 'Loading clients…' : 'Select client'}
          people={clients.data?.people ?? []}
          companies={clients.data?.companies ?? []}
          value={clientId}
          onChange={(id) => {
            setClientId(id);
            setChosenFunds('');
            form.setValue('invoiceId', '');
          }}
          error={form.errorFor('invoiceId') && clientId === '' ? 'Client is required' : undefined}
        />
        <SearchableSelect
          label="Invoice"
          entity="invoice"
          withAsterisk
          disabled={clientId === ''}
          placeholder={
            clientId === '' ? 'Choose a client first' : invoices.data?.length === 0 ? 'No issued invoice with a balance' : 'Select invoice'
          }
          options={(invoices.data ?? []).map((invoice) => ({
            value: invoice.id,
            label: `${invoice.invoiceNumber ?? 'Invoice'} · due ${formatMoney(invoice.balanceDue, invoice.currencySymbol)}`,
          }))}
          value={values.invoiceId}
          onChange={(id) => {
            form.setValue('invoiceId', id);
            form.touch('invoiceId');
            setChosenFunds('');
            const invoice = invoices.data?.find((item) => item.id === id);
            if (invoice && form.getValues().amount === '') form.setValue('amount', invoice.balanceDue);
          }}
          error={clientId === '' ? undefined : form.errorFor('invoiceId')}
        />
        <SearchableSelect
          label="From the funds of"
          entity="matter"
          withAsterisk
          disabled={values.invoiceId === ''}
          placeholder={values.invoiceId === '' ? 'Choose an invoice first' : 'Select whose funds'}
          description="The invoice’s own matter, or the client’s general funds"
          options={[
            ...matters.map((matter) => ({
              value: matter.id,
              label: matterOptionLabel({ matterName: matter.name, matterNumber: matter.matterNumber }),
            })),
            { value: GENERAL_FUNDS, label: CLIENT_GENERAL_FUNDS_LABEL },
          ]}
          value={funds}
          onChange={(id) => {
            setChosenFunds(id);
            setFundsError(null);
          }}
          error={fundsError ?? undefined}
        />
        <MoneyInput
          label={`Amount (${account.currencySymbol})`}
          withAsterisk
          {...form.valueProps('amount')}
          description={chosen ? `Balance due ${formatMoney(chosen.balanceDue, chosen.currencySymbol)}` : undefined}
        />
        <IsoDateField label="Date" withAsterisk {...form.valueProps('date')} />
        <TextInput label="Reference" maxLength={120} {...form.inputProps('reference')} />
      </SimpleGrid>
      {funds !== '' && <LedgerBalanceHint trustAccountId={account.id} clientId={clientId} matterId={isGeneral ? '' : funds} />}
      {overBalance && (
        <Text size="sm" c="red">
          The payment is more than the invoice’s balance due.
        </Text>
      )}
    </MovementModal>
  );
}

/** The open movement's modal (mounted only while open, so each opening starts blank). */
export function MovementModals({
  kind,
  account,
  onClose,
  onDone,
}: {
  kind: MovementKind | null;
  account: TrustAccount;
  onClose: () => void;
  onDone: () => void;
}) {
  const props = { account, onClose, onDone };
  if (kind === 'deposit') return <DepositForm {...props} />;
  if (kind === 'disburse' || kind === 'refund') return <PayOutForm key={kind} {...props} kind={kind} />;
  if (kind === 'transfer') return <TransferForm {...props} />;
  if (kind === 'pay-invoice') return <PayInvoiceForm {...props} />;
  return null;
}
