import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from '../../db/database.ts';
import type { EmailAttachment, OutgoingEmail } from '../../lib/outgoing-email.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { insertOutgoingMessage, insertOutgoingMessages, type MessageAbout, type QueuedMessage } from './outbox.repository.ts';

export type { MessageAbout, OutgoingMessageKind } from './outbox.repository.ts';

const SEAL_PURPOSE = 'outgoing-message';

/**
 * Emails are written here, in the business transaction that decides to send them: a rollback
 * takes the email with it, and a commit guarantees it will be sent (by the delivery job, after the
 * commit, with retries). `about`: the invoice, trust request or invitation it delivers, whose
 * screen shows a failed delivery and offers a retry.
 */
export type Outbox = {
  queue(tx: Tx, firmId: string, email: OutgoingEmail, about?: MessageAbout): Promise<string>;
  /** Many emails in one statement (a job's batch of reminders), each with the id its caller chose for it. */
  queueMany(tx: Tx, firmId: string, messages: { id: string; email: OutgoingEmail }[]): Promise<void>;
  /**
   * Runs fn (a request) so that what it queues marks `mark`: its answer, sent after its commit,
   * then asks for a delivery, whatever other requests did meanwhile.
   */
  within<T>(mark: QueuedMark, fn: () => T): T;
  /** Whether anything was queued since the last call, outside or inside a request (work after an answer, jobs). */
  takeQueuedHint(): boolean;
  /** Something was put back in line outside queue() (a retry): deliver after this commit too. */
  noteQueued(): void;
  open(sealedContent: string): EmailContent | null;
};

/** What is sealed: the email but for its recipient and subject, which stay readable for the screens. */
export type EmailContent = Omit<OutgoingEmail, 'to' | 'subject'>;

export type QueuedMark = { hasQueued: boolean };

type SealedAttachment = { filename: string; contentType: string; content: string };
type SealedContent = { email: Omit<EmailContent, 'attachments'>; attachments?: SealedAttachment[] };
/** Sealed before emails were laid out (text only): sent laid out as the product's, its paragraphs as they were. */
type SealedText = { text: string; link?: string; attachments?: SealedAttachment[] };

function contentOf(sealed: SealedContent | SealedText): Omit<EmailContent, 'attachments'> {
  if ('email' in sealed) return sealed.email;
  return { sender: 'matterhorn', paragraphs: sealed.text.split(/\n{2,}/), why: '' };
}

export function createOutbox({ appSecret }: { appSecret: string }): Outbox {
  /** The row an email is kept as: its recipient and subject readable, the rest sealed. */
  const sealed = (firmId: string, email: OutgoingEmail, about?: MessageAbout): QueuedMessage => {
    const { to, subject, attachments, ...rest } = email;
    const content: SealedContent = {
      email: rest,
      ...(attachments?.length
        ? {
            attachments: attachments.map((attachment) => ({
              filename: attachment.filename,
              contentType: attachment.contentType,
              content: attachment.content.toString('base64'),
            })),
          }
        : {}),
    };
    return { firmId, recipient: to, subject, sealedContent: encryptSecret(JSON.stringify(content), appSecret, SEAL_PURPOSE), about };
  };
  let hasQueued = false;
  const requests = new AsyncLocalStorage<QueuedMark>();
  const markQueued = () => {
    hasQueued = true;
    const mark = requests.getStore();
    if (mark) mark.hasQueued = true;
  };
  return {
    within: (mark, fn) => requests.run(mark, fn),
    async queue(tx, firmId, email, about) {
      const id = await insertOutgoingMessage(tx, sealed(firmId, email, about));
      markQueued();
      return id;
    },
    async queueMany(tx, firmId, messages) {
      if (messages.length === 0) return;
      await insertOutgoingMessages(
        tx,
        messages.map(({ id, email }) => ({ ...sealed(firmId, email), id })),
      );
      markQueued();
    },
    noteQueued: markQueued,
    takeQueuedHint() {
      const hint = hasQueued;
      hasQueued = false;
      return hint;
    },
    open(sealedContent) {
      const plain = decryptSecret(sealedContent, appSecret, SEAL_PURPOSE);
      if (plain === null) return null;
      const sealed = JSON.parse(plain) as SealedContent | SealedText;
      const attachments: EmailAttachment[] | undefined = sealed.attachments?.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content, 'base64'),
      }));
      return { ...contentOf(sealed), ...(attachments ? { attachments } : {}) };
    },
  };
}

/** Queues nothing: for the demo seed, whose requests are sent as the app sends them with their emails dropped. */
export const droppingOutbox: Outbox = {
  queue: async () => '',
  queueMany: async () => undefined,
  within: (_mark, fn) => fn(),
  takeQueuedHint: () => false,
  noteQueued: () => undefined,
  open: () => null,
};
