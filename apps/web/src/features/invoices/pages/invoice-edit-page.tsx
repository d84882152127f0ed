import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { hasPermissions, INVOICE_MESSAGES, type Invoice } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { focusNextPageHeading } from '../../../lib/focus.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { invoiceKeys, invoiceQuery, unbilledItemsQuery, updateInvoice } from '../api/invoices.ts';
import { InvoiceDraftForm, type InvoiceDraftInitial } from '../components/invoice-draft-form.tsx';
import { adjustmentsOfInvoice, mergeRows, rowsOf, rowsOfInvoice } from '../utils/billable-rows.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadingPage } from '../../../components/loading-spinner.tsx';

/** The draft's items chosen and its discount, in the shared billing state the form reads. */
function chooseItemsOf(invoice: Invoice) {
  billingState.clearInvoiceEntries();
  billingState.addToInvoice(
    'timeEntries',
    invoice.fees.map((line) => line.itemId),
  );
  billingState.addToInvoice(
    'expenses',
    invoice.expenses.map((line) => line.itemId),
  );
  billingState.addToInvoice(
    'flatFees',
    invoice.flatFees.map((line) => line.itemId),
  );
  billingState.setDiscount(invoice.discountType ? { type: invoice.discountType, value: invoice.discountValue ?? '' } : null);
}

function initialOf(invoice: Invoice): InvoiceDraftInitial {
  return {
    adjustments: adjustmentsOfInvoice(invoice),
    taxPercent: invoice.taxPercent,
    taxAppliesTo: invoice.taxAppliesTo,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    notes: invoice.notes,
    paymentInstructions: invoice.paymentInstructions,
  };
}

/**
 * /billing/invoices/:id/edit: the builder in edit mode for a draft. Its client is fixed; its items
 * come ticked, the client's other unbilled items unticked (for users who may build invoices), its
 * adjustments and terms prefilled; Save sends the whole draft to update-invoice, where the server
 * locks added items, releases dropped ones and computes every figure.
 */
export function InvoiceEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const invoice = useQuery(invoiceQuery(id));
  const data = invoice.data;
  const isDraft = data?.status === 'Draft';
  // get-unbilled-items is the builder's call (invoice.create): without it, the draft's own items only.
  const canAddItems = hasPermissions(permissions, ['invoice.create']);
  const unbilled = useQuery({ ...unbilledItemsQuery(data?.clientId ?? '', [], '', ''), enabled: isDraft && canAddItems });
  const [chosenFor, setChosenFor] = useState<string | null>(null);

  const rows = useMemo(() => (data ? mergeRows(rowsOfInvoice(data), rowsOf(unbilled.data)) : rowsOf(undefined)), [data, unbilled.data]);
  // Once per draft: a refetch (the window regaining focus) does not undo what the user has changed.
  useEffect(() => {
    if (!data || !isDraft || data.id === chosenFor) return;
    chooseItemsOf(data);
    setChosenFor(data.id);
  }, [data, isDraft, chosenFor]);
  useEffect(() => () => billingState.clearInvoiceEntries(), []);

  if (invoice.isLoading) return <LoadingPage title={['Invoices']} />;
  const viewPath = `/billing/invoices/${id}`;
  if (!data || !isDraft) {
    return (
      <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
        <PageTitle parts={[data ? 'This invoice cannot be edited' : 'Invoice not found', 'Invoices']} />
        <Title order={1} size="h2">
          {data ? 'This invoice cannot be edited' : 'Invoice not found'}
        </Title>
        {data && (
          <Alert color="yellow" title={`${data.invoiceNumber ?? 'The invoice'} is ${data.statusLabel.toLowerCase()}`}>
            {INVOICE_MESSAGES.notDraft}.
          </Alert>
        )}
        <Anchor component={Link} to={data ? viewPath : '/billing'}>
          {data ? 'Back to the invoice' : 'Back to invoices'}
        </Anchor>
      </Stack>
    );
  }
  if (data.id !== chosenFor) return <LoadingPage title={['Edit draft invoice', 'Invoices']} />;

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={['Edit draft invoice', 'Invoices']} />
      <Anchor component={Link} to={viewPath} size="sm">
        Back to the invoice
      </Anchor>
      <Title order={1} size="h2">
        Edit draft invoice
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Client">
        <Text size="sm" fw={500}>
          Client
        </Text>
        <Text>{data.clientName}</Text>
        {data.matters.length > 0 && (
          <Text size="sm" c="dimmed">
            {data.matters.map((matter) => (matter.matterNumber ? `${matter.matterNumber} ${matter.name}` : matter.name)).join(', ')}
          </Text>
        )}
        {!canAddItems && (
          <Text size="sm" c="dimmed" mt="xs">
            Items can be removed here; adding the client’s other unbilled items needs the permission to create invoices.
          </Text>
        )}
      </Paper>
      <InvoiceDraftForm
        key={data.id}
        rows={rows}
        itemsPlaceholder={canAddItems && unbilled.isLoading ? <Text>Loading unbilled items…</Text> : undefined}
        initial={initialOf(data)}
        saveLabel="Save changes"
        canSave
        onCancel={() => void navigate(viewPath)}
        onSave={async (fields) => {
          // No matters named: the server takes them from the items the draft now bills.
          const saved = await updateInvoice(data.id, { clientId: data.clientId, matterIds: [], ...fields });
          billingState.clearInvoiceEntries();
          focusNextPageHeading();
          await navigate(viewPath);
          queryClient.setQueryData(invoiceKeys.detail(saved.id), saved);
          void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
        }}
      />
    </Stack>
  );
}
