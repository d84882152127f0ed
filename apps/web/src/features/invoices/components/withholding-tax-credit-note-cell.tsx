import { Anchor, Button, Text } from '@mantine/core';
import { isoToDisplayDate, type InvoicePayment } from '@matterhorn/shared';

/**
 * A payment's WHT credit note in the payments table: the note received (with its file), or, while
 * the client has not sent it, that it is outstanding and Record for who may record payments.
 */
export function WithholdingTaxCreditNoteCell({
  payment,
  canRecord,
  onRecord,
  onDownload,
}: {
  payment: InvoicePayment;
  canRecord: boolean;
  onRecord: () => void;
  onDownload: (fileName: string) => void;
}) {
  if (payment.isReversal || payment.withholdingTaxAmount === '0.00') return null;
  const note = payment.withholdingTaxCreditNote;
  if (note)
    return (
      <Text size="xs">
        WHT credit note {note.creditNoteNumber} of {isoToDisplayDate(note.issueDate)}
        {note.fileName && (
          <>
            {' · '}
            <Anchor component="button" type="button" size="xs" onClick={() => onDownload(note.fileName!)}>
              Download {note.fileName}
            </Anchor>
          </>
        )}
      </Text>
    );
  if (payment.reversedByPaymentId) return null;
  return (
    <>
      <Text size="xs" c="orange.9">
        WHT credit note outstanding
      </Text>
      {canRecord && (
        <Button size="compact-xs" variant="subtle" onClick={onRecord} aria-label={`Record WHT credit note for ${payment.receiptNumber}`}>
          Record WHT credit note
        </Button>
      )}
    </>
  );
}
