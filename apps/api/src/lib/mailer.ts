import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type OutgoingEmail = { to: string; subject: string; text: string; link?: string };

export type Mailer = { send(email: OutgoingEmail): Promise<void> };

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox as a real
 * .eml file plus a .json summary, and its link is logged, so a laptop install can verify accounts.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (email) => {
        await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (email) => {
      const message = await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      await mkdir(outbox, { recursive: true });
      await writeFile(join(outbox, `${name}.eml`), message.message as Buffer);
      await writeFile(join(outbox, `${name}.json`), JSON.stringify({ ...email, from: options.from }, null, 2));
      options.logger.info({ to: email.to, subject: email.subject, link: email.link }, 'email written to outbox');
    },
  };
}
