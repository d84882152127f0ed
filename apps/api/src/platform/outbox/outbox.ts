import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from '../../db/database.ts';
import type { EmailAttachment, OutgoingEmail } from '../../lib/mailer.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { insertOutgoingMessage, type MessageAbout } from './outbox.repository.ts';

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
  /**
   * Runs fn (a request) so that what it queues marks `mark`: its answer, sent after its commit,
   * then asks for a delivery, whatever other requests did meanwhile.
   */
  within<T>(mark: QueuedMark, fn: () => T): T;
  /** Whether anything was queued since the last call, outside or inside a request (work after an answer, jobs). */
  takeQueuedHint(): boolean;
  /** Something was put back in line outside queue() (a retry): deliver after this commit too. */
  noteQueued(): void;
  open(sealedContent: string): Pick<OutgoingEmail, 'text' | 'link' | 'attachments'> | null;
};

export type QueuedMark = { hasQueued: boolean };

type SealedContent = { text: string; link?: string; attachments?: { filename: string; contentType: string; content: string }[] };

export function createOutbox({ appSecret }: { appSecret: string }): Outbox {
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
      const content: SealedContent = {
        text: email.text,
        ...(email.link ? { link: email.link } : {}),
        ...(email.attachments?.length
          ? {
              attachments: email.attachments.map((attachment) => ({
                filename: attachment.filename,
                contentType: attachment.contentType,
                content: attachment.content.toString('base64'),
              })),
            }
          : {}),
      };
      const id = await insertOutgoingMessage(tx, {
        firmId,
        recipient: email.to,
        subject: email.subject,
        sealedContent: encryptSecret(JSON.stringify(content), appSecret, SEAL_PURPOSE),
        about,
      });
      markQueued();
      return id;
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
      const content = JSON.parse(plain) as SealedContent;
      const attachments: EmailAttachment[] | undefined = content.attachments?.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.content, 'base64'),
      }));
      return { text: content.text, ...(content.link ? { link: content.link } : {}), ...(attachments ? { attachments } : {}) };
    },
  };
}

/** Queues nothing: for the demo seed, whose requests are sent as the app sends them with their emails dropped. */
export const droppingOutbox: Outbox = {
  queue: async () => '',
  within: (_mark, fn) => fn(),
  takeQueuedHint: () => false,
  noteQueued: () => undefined,
  open: () => null,
};
