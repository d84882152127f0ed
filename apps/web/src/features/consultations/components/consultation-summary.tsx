import { Badge, Text } from '@mantine/core';
import { consultationFeeAmount, isoToDisplayDate, type Consultation } from '@matterhorn/shared';

const STATUS_LABELS: Record<Consultation['status'], string> = {
  AwaitingPayment: 'Awaiting payment',
  Confirmed: 'Confirmed',
  Cancelled: 'Cancelled',
  Lapsed: 'Lapsed',
};
const STATUS_COLOURS: Record<Consultation['status'], string> = {
  AwaitingPayment: 'yellow',
  Confirmed: 'green',
  Cancelled: 'gray',
  Lapsed: 'gray',
};

export const whenText = (start: string) => `${isoToDisplayDate(start.slice(0, 10))} at ${start.slice(11, 16)}`;

/** One consultation in words: its state, when, with whom, where, and its fee (or the confirmation's sentence about it: how to pay). */
export function ConsultationSummary({
  consultation,
  assignee,
  feeSentence,
}: {
  consultation: Omit<Consultation, 'leadId' | 'calendarEventId' | 'assigneeName'>;
  assignee?: string;
  feeSentence?: string | null;
}) {
  return (
    <>
      <Badge color={STATUS_COLOURS[consultation.status]} variant="light">
        {STATUS_LABELS[consultation.status]}
      </Badge>
      <Text>
        {whenText(consultation.start)}
        {assignee ? ` with ${assignee}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {consultation.videoLink
          ? `By video: ${consultation.videoLink}`
          : consultation.location
            ? `At ${consultation.location}`
            : 'Place to be confirmed'}
      </Text>
      {feeSentence ? (
        <Text size="sm">{feeSentence}</Text>
      ) : consultation.feeAmount && consultation.feeCurrency ? (
        <Text size="sm">
          Fee {consultationFeeAmount(consultation)}: {consultation.paidAt ? 'paid online' : 'not paid'}
        </Text>
      ) : null}
      {consultation.cancelReason ? <Text size="sm">Reason: {consultation.cancelReason}</Text> : null}
    </>
  );
}
