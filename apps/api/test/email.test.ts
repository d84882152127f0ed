import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver.ts';
import { createTestApp, deliverOutbox, readOutbox, type TestContext } from './support/test-app.ts';

let smtp: SmtpReceiver;
let context: TestContext;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  context = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

describe('email over SMTP', () => {
  it('delivers the verification email to the SMTP server named by SMTP_URL, not the outbox', async () => {
    const email = `smtp.${Date.now()}@firm.example`;
    const signup = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firmName: 'Mail Firm', name: 'Mail Person', email, password: 'correct-horse-battery-staple' },
    });
    expect(signup.statusCode).toBe(201);
    await deliverOutbox(context.app);
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain('Subject: Verify your Matterhorn account');
    expect(message.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(/http:\/\/matterhorn\.test\/verification\?token=[\w-]+/);
    expect(await readOutbox(context.config)).toEqual([]);
  });
});
