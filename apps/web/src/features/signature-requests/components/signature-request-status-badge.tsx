import { Badge } from '@mantine/core';
import type { SignatureRequestStatus, SignerStatus } from '@matterhorn/shared';

const COLOURS: Record<SignatureRequestStatus | SignerStatus, string> = {
  Sent: 'blue',
  Sealing: 'cyan',
  Completed: 'green',
  Declined: 'red',
  Voided: 'gray',
  Expired: 'orange',
  Waiting: 'gray',
  Viewed: 'indigo',
  Consented: 'violet',
  Signed: 'green',
};

/** A request's or a signer's status, in words and colour. */
export function SigningStatusBadge({ status }: { status: SignatureRequestStatus | SignerStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {status}
    </Badge>
  );
}
