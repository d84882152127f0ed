import { Text, Timeline } from '@mantine/core';
import type { SignatureEvent, Signer } from '@matterhorn/shared';
import { displayDateTime } from '../../../lib/date-time.ts';

const EVENT_WORDS: Record<SignatureEvent['kind'], string> = {
  created: 'Created',
  sent: 'Link emailed',
  viewed: 'Opened',
  consented: 'Agreed to sign electronically',
  signed: 'Signed',
  declined: 'Declined',
  reminded: 'Reminded',
  voided: 'Withdrawn',
  expired: 'Expired',
  sealed: 'Signed PDF sealed and filed',
  emailed: 'Signed copy emailed',
  sealingFailed: 'Sealing failed',
  sealingRetried: 'Sealing tried again',
};

/** The request's history, oldest first, with where each step came from (the certificate page says the same). */
export function SigningTimeline({ events, signers }: { events: SignatureEvent[]; signers: Signer[] }) {
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {events.map((event, index) => {
        const signer = signers.find((candidate) => candidate.id === event.signerId);
        return (
          <Timeline.Item key={`${event.at}-${index}`} title={`${EVENT_WORDS[event.kind]}${signer ? ` · ${signer.name}` : ''}`}>
            <Text size="xs" c="dimmed">
              {`${displayDateTime(event.at)} · ${event.actorName}${event.ipAddress ? ` · ${event.ipAddress}` : ''}`}
            </Text>
            {event.detail && <Text size="sm">{event.detail}</Text>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
