import { hasPermissions } from '../permissions/check-permissions.ts';

/**
 * Online signing's state machine, said once (GUIDE §9): the states of a request and of each signer,
 * which actions each allows, who may take them, and the sentence a refusal gives. The API refuses
 * with these sentences; the firm's pages and the signing page offer an action only when the table
 * allows it, so the two cannot disagree.
 */

/**
 * Sent: out for signature (some signer still to sign). Sealing: everyone signed; the signed PDF is
 * being written and sealed by a job. Completed: the sealed PDF is filed as the document's new
 * version and emailed. Declined: a signer declined. Voided: the sender withdrew it. Expired: its
 * expiry passed before everyone signed. The last four are final.
 */
export const SIGNATURE_REQUEST_STATUSES = ['Sent', 'Sealing', 'Completed', 'Declined', 'Voided', 'Expired'] as const;
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number];

/**
 * Waiting: not their turn yet (in-order signing). Sent: their link was emailed. Viewed: they opened
 * it. Consented: they agreed to sign electronically. Signed, Declined: their final answers.
 */
export const SIGNER_STATUSES = ['Waiting', 'Sent', 'Viewed', 'Consented', 'Signed', 'Declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

export const SIGNING_ORDERS = ['inOrder', 'allAtOnce'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

/** A request that is over: nothing can be signed, voided or reminded on it. */
export const FINAL_SIGNATURE_REQUEST_STATUSES = [
  'Completed',
  'Declined',
  'Voided',
  'Expired',
] as const satisfies readonly SignatureRequestStatus[];

/** What a signer is told when the request is no longer open for signing (the signing page shows it instead of the document). */
export const SIGNATURE_REQUEST_OUTCOMES: Readonly<Record<Exclude<SignatureRequestStatus, 'Sent'>, string>> = {
  Sealing: 'Everyone has signed. The signed copy is being prepared and will be emailed to you shortly. Nothing is left to sign.',
  Completed: 'Everyone has signed this document. The signed copy was emailed to you. Nothing is left to sign.',
  Declined: 'A signer declined this request, so it cannot be signed. Contact the sender if you have questions.',
  Voided: 'The sender withdrew this request, so it cannot be signed. Contact the sender if you have questions.',
  Expired: 'This request expired before everyone signed, so it cannot be signed. Ask the sender for a new one.',
};

/** What a signer is told about their own part while the request is open. */
export const SIGNER_OUTCOMES: Readonly<Partial<Record<SignerStatus, string>>> = {
  Waiting: 'Another signer signs before you. You will get an email when it is your turn.',
  Signed: 'You have signed. The signed copy will be emailed to you once everyone has signed.',
  Declined: 'You declined to sign this document.',
};

// ---- The firm's actions on a request ------------------------------------------------------------

export type SignatureRequestFacts = {
  status: SignatureRequestStatus;
  /** Signers whose turn it is and who have not answered (Sent, Viewed or Consented). */
  openSignerCount: number;
  /** Sealing: the job failed at each of its attempts and stopped trying. */
  isSealingFailed?: boolean;
};

type RequestGuard = { holds: (facts: SignatureRequestFacts) => boolean; refusal: string };

export type SignatureRequestTransition = {
  /** The SPEC.md §6 permission the call needs (the route declares it from here). */
  permission: 'document' | 'document.create' | 'document.edit';
  from: readonly SignatureRequestStatus[];
  to: string;
  notFrom: (status: SignatureRequestStatus) => string;
  guards: readonly RequestGuard[];
};

const alreadyOver = (status: SignatureRequestStatus) =>
  status === 'Sealing' || status === 'Completed'
    ? 'Everyone has signed this request: it can no longer be changed'
    : `This request is ${status.toLowerCase()}: it can no longer be changed`;

export const SIGNATURE_REQUEST_TRANSITIONS = {
  void: {
    permission: 'document.edit',
    from: ['Sent'],
    to: 'Voided (no signer can sign; each signer still to answer is emailed that it was withdrawn)',
    notFrom: alreadyOver,
    guards: [],
  },
  remind: {
    permission: 'document.edit',
    from: ['Sent'],
    to: 'Sent (each signer whose turn it is and who has not signed is emailed their link again)',
    notFrom: alreadyOver,
    guards: [{ holds: (facts) => facts.openSignerCount > 0, refusal: 'No signer is waiting to sign: there is nobody to remind' }],
  },
  retrySealing: {
    permission: 'document.create',
    from: ['Sealing'],
    to: 'Sealing (the sealing job tries again, its attempts counted afresh)',
    notFrom: (status) =>
      status === 'Sent'
        ? 'Not everyone has signed yet: there is nothing to seal'
        : `This request is ${status.toLowerCase()}: it is not waiting to be sealed`,
    guards: [
      {
        holds: (facts) => facts.isSealingFailed === true,
        refusal: 'The signed copy is still being prepared: try again only after sealing has failed',
      },
    ],
  },
  downloadSigned: {
    permission: 'document',
    from: ['Completed'],
    to: '(same; the sealed PDF and its certificate can be downloaded)',
    notFrom: (status) =>
      status === 'Sent' || status === 'Sealing'
        ? 'The signed PDF is ready once everyone has signed and it is sealed'
        : `This request is ${status.toLowerCase()}: it has no signed PDF`,
    guards: [],
  },
} as const satisfies Record<string, SignatureRequestTransition>;

export type SignatureRequestAction = keyof typeof SIGNATURE_REQUEST_TRANSITIONS;
export const SIGNATURE_REQUEST_ACTIONS = Object.keys(SIGNATURE_REQUEST_TRANSITIONS) as SignatureRequestAction[];

/** Why the request cannot take the action in its state, or null when it can (permissions aside). */
export function signatureRequestActionRefusal(action: SignatureRequestAction, facts: SignatureRequestFacts): string | null {
  const transition: SignatureRequestTransition = SIGNATURE_REQUEST_TRANSITIONS[action];
  if (!transition.from.includes(facts.status)) return transition.notFrom(facts.status);
  return transition.guards.find((guard) => !guard.holds(facts))?.refusal ?? null;
}

/** Every action, allowed or not, for these permissions: what the request's page offers. */
export function allowedSignatureRequestActions(
  facts: SignatureRequestFacts,
  held: readonly string[],
): Record<SignatureRequestAction, boolean> {
  return Object.fromEntries(
    SIGNATURE_REQUEST_ACTIONS.map((action) => [
      action,
      hasPermissions(held, [SIGNATURE_REQUEST_TRANSITIONS[action].permission]) && signatureRequestActionRefusal(action, facts) === null,
    ]),
  ) as Record<SignatureRequestAction, boolean>;
}

// ---- The signer's actions on their link ---------------------------------------------------------

export type SignerFacts = {
  requestStatus: SignatureRequestStatus;
  signerStatus: SignerStatus;
};

export type SignerTransition = {
  /** The signer's own statuses it may start from (the request must be Sent). */
  from: readonly SignerStatus[];
  to: SignerStatus | '(same)';
  notFrom: (status: SignerStatus) => string;
};

const signerNotFrom = (status: SignerStatus) => SIGNER_OUTCOMES[status] ?? 'This step is not available now';

export const SIGNER_TRANSITIONS = {
  /** Read the request and its document (the first time records Viewed). */
  view: { from: ['Sent', 'Viewed', 'Consented'], to: 'Viewed', notFrom: signerNotFrom },
  consent: { from: ['Sent', 'Viewed', 'Consented'], to: 'Consented', notFrom: signerNotFrom },
  sign: {
    from: ['Consented'],
    to: 'Signed',
    notFrom: (status) =>
      status === 'Sent' || status === 'Viewed' ? 'Agree to sign electronically before you sign' : signerNotFrom(status),
  },
  decline: { from: ['Sent', 'Viewed', 'Consented'], to: 'Declined', notFrom: signerNotFrom },
} as const satisfies Record<string, SignerTransition>;

export type SignerAction = keyof typeof SIGNER_TRANSITIONS;
export const SIGNER_ACTIONS = Object.keys(SIGNER_TRANSITIONS) as SignerAction[];

/** Why the signer cannot take the step now (the request's outcome first), or null when they can. */
export function signerActionRefusal(action: SignerAction, facts: SignerFacts): string | null {
  if (facts.requestStatus !== 'Sent') return SIGNATURE_REQUEST_OUTCOMES[facts.requestStatus];
  const transition: SignerTransition = SIGNER_TRANSITIONS[action];
  return transition.from.includes(facts.signerStatus) ? null : transition.notFrom(facts.signerStatus);
}

/** Every step, allowed or not: what the signing page offers. */
export const allowedSignerActions = (facts: SignerFacts): Record<SignerAction, boolean> =>
  Object.fromEntries(SIGNER_ACTIONS.map((action) => [action, signerActionRefusal(action, facts) === null])) as Record<
    SignerAction,
    boolean
  >;

/** What the signing page says instead of offering the document: the request's outcome, else the signer's own; null while they can sign. */
export function signingNoticeOf(facts: SignerFacts): string | null {
  if (facts.requestStatus !== 'Sent') return SIGNATURE_REQUEST_OUTCOMES[facts.requestStatus];
  return SIGNER_OUTCOMES[facts.signerStatus] ?? null;
}
