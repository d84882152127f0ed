import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with an email (an invoice's PDF…). */
export type EmailAttachment = { filename: string; content: Buffer; contentType: string };

export type OutgoingEmail = { to: string; subject: string; text: string; link?: string; attachments?: EmailAttachment[] };

/** What nodemailer sends: the message, with its attachments when it has any. */
function mailOptions(from: string, email: OutgoingEmail) {
  return {
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.attachments?.length
      ? {
          attachments: email.attachments.map((attachment) => ({
            filename: attachment.filename,
            content: attachment.content,
            contentType: attachment.contentType,
          })),
        }
      : {}),
  };
}

export type Mailer = { send(email: OutgoingEmail): Promise<void> };

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox as a real
 * .eml file (attachments included) plus a .json summary (attachment names), and its link is logged, so a laptop install can verify accounts.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (email) => {
        await transport.sendMail(mailOptions(options.from, email));
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (email) => {
      const message = await transport.sendMail(mailOptions(options.from, email));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      await mkdir(outbox, { recursive: true });
      await writeFile(join(outbox, `${name}.eml`), message.message as Buffer);
      // The summary names the attachments (their bytes are in the .eml).
      const { attachments, ...summary } = email;
      await writeFile(
        join(outbox, `${name}.json`),
        JSON.stringify(
          {
            ...summary,
            from: options.from,
            ...(attachments?.length
              ? {
                  attachments: attachments.map((attachment) => ({
                    filename: attachment.filename,
                    contentType: attachment.contentType,
                    size: attachment.content.length,
                  })),
                }
              : {}),
          },
          null,
          2,
        ),
      );
      options.logger.info({ to: email.to, subject: email.subject, link: email.link }, 'email written to outbox');
    },
  };
}
