import { Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { type Invoice } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { currentInvoiceLinkQuery, invoiceLinkKeys } from '../api/invoice-link.ts';
import { reissueInvoiceLink, revokeInvoiceLink } from '../api/invoices.ts';
import { displayDate, todayIso } from '../utils/invoice-display.ts';

const dayOf = (iso: string) => displayDate(todayIso(new Date(iso)));

/** What sending will do, said before it is done: who receives it (or that nobody is emailed). */
export function sendInvoiceConfirmationText(invoice: Pick<Invoice, 'invoiceNumber' | 'clientName' | 'clientEmail' | 'sentAt'>) {
  const number = invoice.invoiceNumber ?? 'the invoice';
  const to = invoice.clientEmail
    ? `Email ${number} to ${invoice.clientName} at ${invoice.clientEmail}, with a new public link?`
    : `${invoice.clientName} has no email address: ${number} will be marked sent and you share its public link yourself.`;
  return invoice.sentAt ? `${to} The link sent before keeps working until you make a new one.` : to;
}

/**
 * Send (or Resend), confirmed first with the recipient shown. While another action of the page
 * runs (isBlocked), the confirmation waits: a click then would be dropped and the invoice not sent.
 */
export function SendInvoiceButton({
  invoice,
  isBusy,
  isBlocked = false,
  onSend,
}: {
  invoice: Invoice;
  isBusy: boolean;
  isBlocked?: boolean;
  onSend: () => Promise<unknown>;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button loading={isBusy} onClick={() => setIsConfirming(true)}>
        {invoice.sentAt ? 'Resend' : 'Send'}
      </Button>
      {isConfirming && (
        <Alert color="blue" role="alertdialog" aria-label="Confirm sending" w="100%">
          <Stack gap="xs">
            <Text size="sm">{sendInvoiceConfirmationText(invoice)}</Text>
            <Group gap="xs">
              <Button loading={isBusy} disabled={isBlocked && !isBusy} onClick={() => void onSend().finally(() => setIsConfirming(false))}>
                {invoice.sentAt ? 'Resend invoice' : 'Send invoice'}
              </Button>
              <Button variant="default" onClick={() => setIsConfirming(false)}>
                Back
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </>
  );
}

/**
 * The invoice's current public link with Copy, and when and to whom it was emailed; a new link is
 * made only after the user is told the old one stops working.
 */
export function InvoicePublicLink({ invoiceId }: { invoiceId: string }) {
  const queryClient = useQueryClient();
  const link = useQuery(currentInvoiceLinkQuery(invoiceId));
  const [isConfirmingNew, setIsConfirmingNew] = useState(false);
  const [busy, setBusy] = useState<'new' | 'revoke' | null>(null);
  const current = link.data ?? null;
  const run = async (name: 'new' | 'revoke', work: () => Promise<unknown>) => {
    setBusy(name);
    try {
      await work();
      // The new link is on screen before the confirmation closes: nobody copies the retired one.
      await queryClient.invalidateQueries({ queryKey: invoiceLinkKeys.current(invoiceId) });
      setIsConfirmingNew(false);
    } catch {
      // The api client toasts the server's refusal.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Public link">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            Public link
          </Text>
          {current?.url && (
            <>
              <Anchor
                href={current.url}
                target="_blank"
                rel="noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
                data-testid="public-link"
              >
                {current.url}
              </Anchor>
              <CopyButton value={current.url}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </>
          )}
          <Button size="compact-sm" variant="default" onClick={() => setIsConfirmingNew(true)}>
            New public link
          </Button>
          {current && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={busy === 'revoke'}
              onClick={() => void run('revoke', () => revokeInvoiceLink(invoiceId))}
            >
              Revoke link
            </Button>
          )}
        </Group>
        {!link.isPending && (
          <Text size="sm" c="dimmed" data-testid="public-link-status">
            {!current
              ? 'No live link: make one to share the invoice.'
              : [
                  current.url ? null : 'This link was made before links were kept: make a new one to see it here.',
                  current.emailedTo && current.emailedAt
                    ? `Emailed to ${current.emailedTo} on ${dayOf(current.emailedAt)}.`
                    : `Made on ${dayOf(current.createdAt)}; not emailed.`,
                  current.viewCount > 0 ? `Viewed ${current.viewCount} ${current.viewCount === 1 ? 'time' : 'times'}.` : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
          </Text>
        )}
        {isConfirmingNew && (
          <Alert color="orange" role="alertdialog" aria-label="Confirm new public link">
            <Stack gap="xs">
              <Text size="sm">
                {current
                  ? 'Make a new public link? The current link stops working: anyone you gave it to will need the new one.'
                  : 'Make a public link to the invoice?'}
              </Text>
              <Group gap="xs">
                <Button
                  color={current ? 'orange' : undefined}
                  loading={busy === 'new'}
                  onClick={() => void run('new', () => reissueInvoiceLink(invoiceId))}
                >
                  Make new link
                </Button>
                <Button variant="default" onClick={() => setIsConfirmingNew(false)}>
                  Back
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
