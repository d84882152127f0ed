import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { InlineImage } from './email-layout.ts';
import type { EmailAttachment } from './outgoing-email.ts';

export type { EmailAttachment } from './outgoing-email.ts';

/** An email laid out and ready to send: both parts, where replies go, and how a reminder stops. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** List-Unsubscribe (RFC 2369): a `mailto:` or `https:` address. */
  unsubscribe?: string;
  /** The email's link, for the log of the SMTP-less outbox. */
  link?: string;
  attachments?: EmailAttachment[];
  /** Images the HTML shows by `cid:` (the firm's logo). */
  inlineImages?: InlineImage[];
};

/**
 * What nodemailer sends: multipart/alternative (text, then HTML, with the logo beside the HTML as
 * multipart/related), inside multipart/mixed when files are attached; every line ends in CRLF.
 */
function mailOptions(from: string, email: MailMessage) {
  const attachments = [
    ...(email.attachments ?? []).map(({ filename, content, contentType }) => ({ filename, content, contentType })),
    ...(email.inlineImages ?? []).map(({ cid, filename, content, contentType }) => ({ cid, filename, content, contentType })),
  ];
  return {
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    newline: 'windows' as const,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    ...(email.unsubscribe ? { list: { unsubscribe: email.unsubscribe } } : {}),
    ...(attachments.length ? { attachments } : {}),
  };
}

export type Mailer = { send(email: MailMessage): Promise<void> };

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
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    send: async (email) => {
      const message = await transport.sendMail(mailOptions(options.from, email));
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      await mkdir(outbox, { recursive: true });
      await writeFile(join(outbox, `${name}.eml`), message.message as Buffer);
      // The summary names the attachments (their bytes, and the HTML part, are in the .eml).
      const { attachments, inlineImages: _inlineImages, html: _html, ...summary } = email;
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
