import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { OutgoingEmail } from '../../lib/outgoing-email.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import { findFeeEarnersOf, findPortalRecipients, lockUnnotifiedMessages, markNotified } from './portal-messages.repository.ts';

export const PORTAL_MESSAGE_DIGEST_JOB = 'portal-message-digest';

export type MessageDigestDependencies = { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger };

const countOf = (count: number) => `${count} new ${count === 1 ? 'message' : 'messages'}`;

/**
 * Every 15 minutes: whoever has unread messages nobody has told them of gets one e-mail saying so —
 * the fee earners of the matter for the client's messages, the client for the firm's — with a link,
 * never the content (it is privileged, and e-mail is not the secure channel). The messages are
 * locked for the run (a second process skips them) and marked notified in the same transaction as
 * the sends: a failed send retries the whole firm on the next run (at-least-once, as reminders).
 */
export async function sendMessageDigests({ database, outbox, appUrl, logger }: MessageDigestDependencies): Promise<number> {
  let sent = 0;
  for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
    sent += await database.withFirm(firmId, async (tx) => {
      const pending = await lockUnnotifiedMessages(tx, firmId);
      if (pending.length === 0) return 0;
      const emails: OutgoingEmail[] = [];

      const fromClients = pending.filter((message) => message.senderKind === 'client');
      if (fromClients.length > 0) {
        const earners = await findFeeEarnersOf(tx, firmId, [...new Set(fromClients.map((message) => message.matterId))]);
        const byUser = new Map<string, { name: string; email: string; count: number; matters: Map<string, string> }>();
        for (const message of fromClients) {
          for (const earner of earners.filter((row) => row.matterId === message.matterId)) {
            const entry = byUser.get(earner.userId) ?? {
              name: earner.name,
              email: earner.email,
              count: 0,
              matters: new Map<string, string>(),
            };
            entry.count += 1;
            entry.matters.set(earner.matterId, earner.matterName);
            byUser.set(earner.userId, entry);
          }
        }
        const threadUrl = (id: string) => `${appUrl}/matter/${id}?activeTab=messages`;
        for (const user of byUser.values()) {
          const matters = [...user.matters];
          const [firstId, firstName] = matters[0]!;
          emails.push({
            to: user.email,
            subject: `${countOf(user.count)} from clients`,
            sender: 'firm',
            greeting: `Dear ${user.name},`,
            paragraphs:
              matters.length === 1
                ? [
                    `Clients have sent ${countOf(user.count)} on ${firstName}. For privilege, messages are not sent by e-mail; read them on the matter's Messages tab.`,
                  ]
                : [
                    `Clients have sent ${countOf(user.count)}. For privilege, messages are not sent by e-mail; read them on each matter's Messages tab:`,
                    matters.map(([id, name]) => `${name}: ${threadUrl(id)}`).join('\n'),
                  ],
            action: { label: matters.length === 1 ? 'Read the messages' : `Read the messages on ${firstName}`, url: threadUrl(firstId) },
            why: 'you work on the matters these messages are about',
          });
        }
      }

      const fromFirm = pending.filter((message) => message.senderKind === 'firm');
      if (fromFirm.length > 0) {
        const recipients = await findPortalRecipients(tx, firmId, [...new Set(fromFirm.map((message) => message.clientId))]);
        for (const recipient of recipients) {
          const count = fromFirm.filter((message) => message.clientId === recipient.clientId).length;
          const link = `${appUrl}/portal/${recipient.slug}/login`;
          emails.push({
            to: recipient.email,
            subject: `${countOf(count)} from ${recipient.firmName}`,
            sender: 'firm',
            greeting: `Dear ${recipient.name},`,
            paragraphs: [
              `${recipient.firmName} has sent you ${countOf(count)}. For your privacy, messages are not sent by e-mail: sign in to your client portal to read them.`,
            ],
            action: { label: 'Sign in to read them', url: link },
            why: `you have a client portal account with ${recipient.firmName}`,
          });
        }
      }

      for (const email of emails) await outbox.queue(tx, firmId, email);
      await markNotified(
        tx,
        firmId,
        pending.map((message) => message.id),
      );
      if (emails.length > 0) logger?.info({ firmId, emails: emails.length }, 'portal message digests sent');
      return emails.length;
    });
  }
  return sent;
}

export const portalMessageJobs = (dependencies: MessageDigestDependencies): PeriodicJob[] => [
  { name: PORTAL_MESSAGE_DIGEST_JOB, everyMinutes: 15, run: async () => void (await sendMessageDigests(dependencies)) },
];
