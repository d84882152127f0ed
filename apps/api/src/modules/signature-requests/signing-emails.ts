import type { OutgoingEmail } from '../../lib/outgoing-email.ts';

export type SigningEmailRequest = {
  title: string;
  message: string | null;
  documentName: string;
  senderName: string;
  createdByUserId: string;
  expiresOnText: string;
};

const signingUrl = (appUrl: string, token: string) => `${appUrl}/sign/${token}`;

/** A signer's link, when their turn comes (or again, as a reminder): the sender's note, the document and until when it can be signed. */
export function signingInvitationEmail(
  request: SigningEmailRequest,
  signer: { name: string; email: string },
  token: string,
  appUrl: string,
  isReminder = false,
): OutgoingEmail {
  return {
    to: signer.email,
    subject: `${isReminder ? 'Reminder: please sign' : 'Please sign'}: ${request.title}`,
    sender: 'firm',
    sentByUserId: request.createdByUserId,
    greeting: `Dear ${signer.name},`,
    paragraphs: [
      `${request.senderName} asks you to sign "${request.documentName}" electronically.${isReminder ? ' You have not signed it yet.' : ''}`,
      ...(request.message ? [request.message] : []),
      'Open the link to read the document, agree to sign electronically, and sign. You can also decline, with a reason.',
    ],
    action: {
      label: 'Read and sign',
      url: signingUrl(appUrl, token),
      expiry: `The link is yours alone: do not forward it. It works until the end of ${request.expiresOnText}.`,
    },
    why: `you were asked to sign "${request.title}"`,
    isReminder,
  };
}

/** To each signer who had not answered when the sender withdrew the request. */
export function requestVoidedEmail(request: SigningEmailRequest, signer: { name: string; email: string }, reason: string): OutgoingEmail {
  return {
    to: signer.email,
    subject: `Withdrawn: ${request.title}`,
    sender: 'firm',
    sentByUserId: request.createdByUserId,
    greeting: `Dear ${signer.name},`,
    paragraphs: [
      `${request.senderName} withdrew the request to sign "${request.documentName}". Nothing is left for you to sign.`,
      `Reason: ${reason}`,
    ],
    why: `you were asked to sign "${request.title}"`,
  };
}

/** To the sender: a signer declined, so the request is over. */
export function requestDeclinedEmail(
  request: SigningEmailRequest,
  sender: { email: string },
  signerName: string,
  reason: string,
  requestUrl: string,
): OutgoingEmail {
  return {
    to: sender.email,
    subject: `Declined: ${request.title}`,
    sender: 'firm',
    paragraphs: [`${signerName} declined to sign "${request.documentName}", so the request is closed.`, `Their reason: ${reason}`],
    action: { label: 'Open the request', url: requestUrl },
    why: `you sent "${request.title}" for signature`,
  };
}

/** To the sender and the firm's administrators when the sealing job has given up on a request everyone signed. */
export function sealingFailedEmail(request: SigningEmailRequest, to: string, isSender: boolean, requestUrl: string): OutgoingEmail {
  return {
    to,
    subject: `Sealing failed: ${request.title}`,
    sender: 'firm',
    paragraphs: [
      `Everyone signed "${request.documentName}", but Matterhorn could not write and seal the signed copy after several attempts, so it has stopped trying.`,
      'Open the request and choose Try again. If it fails again, contact support with the request’s address.',
    ],
    action: { label: 'Open the request', url: requestUrl },
    why: isSender ? `you sent "${request.title}" for signature` : 'you are an administrator of the firm',
  };
}

/** Attached up to this size: mail servers refuse larger messages (the attachment grows by a third in base64). */
export const SIGNED_COPY_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** To each signer (and the sender) once the sealed PDF is filed: the signed copy attached, unless it is too large to mail. */
export function signedCopyEmail(
  request: SigningEmailRequest,
  recipient: { name: string; email: string },
  signed: { fileName: string; content: Buffer },
  isSender: boolean,
): OutgoingEmail {
  const isAttached = signed.content.length <= SIGNED_COPY_ATTACHMENT_MAX_BYTES;
  return {
    to: recipient.email,
    subject: `Signed by everyone: ${request.title}`,
    sender: 'firm',
    sentByUserId: isSender ? undefined : request.createdByUserId,
    greeting: `Dear ${recipient.name},`,
    paragraphs: [
      isAttached
        ? `Everyone has signed "${request.documentName}". The signed copy is attached, with its certificate of signing as the last page.`
        : `Everyone has signed "${request.documentName}". The signed copy is too large to send by email: ask ${request.senderName} for it.`,
      'It carries a digital seal: a PDF reader shows whether anything in it changed after it was signed.',
    ],
    why: isSender ? `you sent "${request.title}" for signature` : `you signed "${request.title}"`,
    ...(isAttached ? { attachments: [{ filename: signed.fileName, content: signed.content, contentType: 'application/pdf' }] } : {}),
  };
}
