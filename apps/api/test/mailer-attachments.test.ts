import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from '../src/lib/mailer.ts';

const logger = { info: () => undefined } as unknown as FastifyBaseLogger;
const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('mailer attachments (outbox)', () => {
  it('writes the attachment into the .eml and names it in the .json summary', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-mailer-'));
    directories.push(dataDir);
    const mailer = createMailer({ from: 'Matterhorn <no-reply@matterhorn.test>', dataDir, logger });
    const content = Buffer.from('%PDF-1.3 pretend invoice bytes');
    await mailer.send({
      to: 'client@example.com',
      subject: 'Invoice INV-00001',
      text: 'Your invoice is attached.',
      html: '<p>Your invoice is attached.</p>',
      link: 'http://localhost/billing/invoice/abc',
      attachments: [{ filename: 'INV-00001.pdf', content, contentType: 'application/pdf' }],
    });
    const names = (await readdir(join(dataDir, 'outbox'))).sort();
    const eml = await readFile(
      join(
        dataDir,
        'outbox',
        names.find((name) => name.endsWith('.eml'))!,
      ),
      'utf8',
    );
    const summary = JSON.parse(
      await readFile(
        join(
          dataDir,
          'outbox',
          names.find((name) => name.endsWith('.json'))!,
        ),
        'utf8',
      ),
    );
    expect(eml).toContain('Content-Type: application/pdf; name=INV-00001.pdf');
    // A real .eml, as SMTP would carry it: every line ends in CRLF.
    expect(eml).not.toMatch(/[^\r]\n|\r[^\n]/);
    expect(eml).toContain('filename=INV-00001.pdf');
    expect(eml.replace(/\r?\n/g, '')).toContain(content.toString('base64'));
    expect(summary).toMatchObject({
      to: 'client@example.com',
      link: 'http://localhost/billing/invoice/abc',
      attachments: [{ filename: 'INV-00001.pdf', contentType: 'application/pdf', size: content.length }],
    });
  });

  it('sends a message without attachments as before', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-mailer-'));
    directories.push(dataDir);
    await createMailer({ from: 'no-reply@matterhorn.test', dataDir, logger }).send({
      to: 'a@example.com',
      subject: 'Hi',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    const names = await readdir(join(dataDir, 'outbox'));
    const summary = JSON.parse(
      await readFile(
        join(
          dataDir,
          'outbox',
          names.find((name) => name.endsWith('.json'))!,
        ),
        'utf8',
      ),
    );
    expect(summary).toEqual({ to: 'a@example.com', subject: 'Hi', text: 'Hello', from: 'no-reply@matterhorn.test' });
  });
});
